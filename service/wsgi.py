"""The WSGI entry point gunicorn loads: `gunicorn -c service/gunicorn.conf.py lexicon_service.wsgi:app`."""

from . import create_app

app = create_app()

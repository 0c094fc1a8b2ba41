"""A bare Flask app answering constant JSON: the ceiling /valid is measured against."""

from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/constant")
def constant():
    return jsonify({"word": "HUND", "valid": True})

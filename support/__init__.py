"""What the tests, the benchmarks and the docs scripts share, so that none of them imports another.

- support.http: the service started as `make run` starts it, HTTP and raw-socket requests, its workers
- support.browser: headless Chromium for the page's tests, benchmarks and screenshots
- support.hostile: the catalogue of hostile input (tests/test_bad_input.py, bench/catalogue.py)
- support.attackers: hostile clients (tests/test_server.py, bench/hostile.py)
- support.running_text: running text read into words (the recall benchmarks and their tests)
- support.saol_evidence: what the installed sources attest of a Swedish word (the supplement's review)
- support.hunspell: the Hunspell dictionaries and Hunspell's own judgement (bench/judge_hunspell.py, tests)
"""

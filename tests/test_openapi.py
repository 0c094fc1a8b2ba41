"""A property-based run against /openapi.json (schemathesis): generated requests for every
operation, valid and invalid, must never give a 500 nor a response outside the document."""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from lexicon_service import create_app
from lexicon_service.openapi import document

EXAMPLES = int(os.environ.get("API_EXAMPLES", "40"))
OPERATIONS = [(path, method) for path, item in document()["paths"].items() for method in item]
# Every check but one: `positive_data_acceptance` wants every schema-valid request answered 2xx,
# but no schema can say which letters an alphabet has, so a schema-valid rack such as "%%" gets
# its documented 400.
CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.response_headers_conformance,
          checks.negative_data_rejection]


@pytest.fixture(scope="module")
def api_schema(betapet, artifacts_root):
    app = create_app({"ARTIFACTS": str(artifacts_root)})
    return schemathesis.openapi.from_wsgi("/openapi.json", app)


@pytest.mark.parametrize("path, method", OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_operation_conforms_to_the_document(api_schema, path, method):
    operation = api_schema[path][method.upper()]

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case):
        # The answers are checked as documented, uncompressed: the test client does not decode what
        # flask-compress sends to a client that accepts zstd or gzip.
        case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})

    run()

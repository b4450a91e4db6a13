"""Any JSON at all, sent to the foundation's procedures, answers 200 or a 4xx envelope."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app

app = create_app({"TESTING": True})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
fields = st.sampled_from(["expr", "morale", "successes", "modifier", "height_m", "catch",
                          "caught_at_m", "dex_modifier", "fatigue", "seed", "dice", "lang",
                          "format"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["roll", "morale", "reaction", "falling"]),
       st.dictionaries(fields, json_values, max_size=6))
def test_no_json_body_gives_a_server_error(path: str, body: dict[str, object]) -> None:
    response = app.test_client().post(f"/api/v1/{path}", json=body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    if response.status_code == 422:
        payload = response.get_json()
        assert payload["code"] == 422 and payload["message"] and payload["errors"]
    elif response.mimetype == "application/json":
        assert response.get_json()["procedure"] == path
    else:
        assert response.mimetype in ("text/plain", "text/markdown", "text/html")
        assert response.get_data(as_text=True).strip()

"""States, views, events, outcomes, configs and records validate against the JSON Schemas in
schema/ (with the `jsonschema` package)."""

from __future__ import annotations

import json
import random
from typing import Any, Dict

import pytest

import dangian

from conftest import KINDS, SCHEMA, require


def validators(kind: str) -> Dict[str, Any]:
    jsonschema = require("jsonschema")
    out = {}
    for name in ("config", "state", "view", "event", "outcome", "record"):
        schema = json.loads((SCHEMA / kind / f"{name}.schema.json").read_text())
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        out[name] = cls(schema)
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_json_forms_validate(kind: str) -> None:
    v = validators(kind)
    counts = {k: 0 for k in v}
    # Every kind of event is validated the first few times it occurs (for every seat's
    # redacted form too), then a sample: jsonschema is slow on the long Cờ cá ngựa games.
    seen: Dict[str, int] = {}
    for preset in dangian.presets(kind):
        rng = random.Random(preset)
        g = dangian.Game.preset(kind, preset, seed=rng.getrandbits(32))
        v["config"].validate(g.config())
        counts["config"] += 1
        step = 0
        while not g.is_over:
            if g.is_chance:
                g.play_chance()
            else:
                g.apply(rng.choice(g.legal_actions()))
            sample = step % (150 if kind == "ca_ngua" else 40) == 0
            for e in g.events():
                seen[e["kind"]] = seen.get(e["kind"], 0) + 1
                if seen[e["kind"]] <= 3 or sample:
                    v["event"].validate(e)
                    counts["event"] += 1
                    for seat in range(g.seats):
                        for redacted in g.events(seat):
                            v["event"].validate(redacted)
            if sample:
                v["state"].validate(g.state())
                for seat in range(g.seats):
                    v["view"].validate(g.view(seat))
                counts["state"] += 1
                counts["view"] += 1
            step += 1
        v["state"].validate(g.state())
        for seat in range(g.seats):
            v["view"].validate(g.view(seat))
        v["outcome"].validate(g.outcome())
        v["record"].validate(g.save())
        counts["outcome"] += 1
        counts["record"] += 1
    assert "game_over" in seen
    assert all(counts.values()), counts


def test_schema_rejects_wrong_forms() -> None:
    v = validators("o_an_quan")
    jsonschema = require("jsonschema")
    with pytest.raises(jsonschema.ValidationError):
        v["outcome"].validate({"reason": "both_quan_squares_empty", "scores": [1, 2]})
    with pytest.raises(jsonschema.ValidationError):
        v["config"].validate({"no_such_option": 1})

#!/usr/bin/env python3
"""Reads a Prometheus text exposition from stdin with prometheus_client's parser (the reference
implementation's Python client) and prints its samples as JSON: a list of
{"family", "type", "name", "labels", "value"}. Exits 1 with the parser's error when the text is
not valid exposition format."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

try:
    samples = [
        {"family": family.name, "type": family.type, "name": sample.name, "labels": sample.labels, "value": sample.value}
        for family in text_string_to_metric_families(sys.stdin.read())
        for sample in family.samples
    ]
except Exception as error:  # the parser raises ValueError and friends on malformed text
    print(f"not valid Prometheus text format: {error}", file=sys.stderr)
    sys.exit(1)
json.dump(samples, sys.stdout)

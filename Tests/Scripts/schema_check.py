#!/usr/bin/env python3
"""Checks YAML files against a JSON Schema, as an editor's YAML language server would.

    schema_check.py SCHEMA FILE...

Prints one line per FILE: `FILE<TAB>ok`, `FILE<TAB>invalid<TAB>WHY` (the schema rejects
it) or `FILE<TAB>unreadable<TAB>WHY` (not one YAML document). Exits 2 when SCHEMA is
not a valid draft 2020-12 schema. Used by SchemaDifferentialTests.

The YAML is read as YAML 1.2's core schema reads it (as yaml-language-server does), not
PyYAML's YAML 1.1: `007` and `08` are 7 and 8, `yes`/`on` are text, `0x10` is 16,
`1_000` is text. Keys stay the text written (`true:` is the key "true"), merge keys
(`<<`) are not merged, and a repeated key keeps its last value.
"""
import json
import re
import sys

import jsonschema
import yaml


class CoreLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core schema resolution."""


CoreLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
]:
    CoreLoader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(pattern), list(first))


def construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


def construct_mapping(loader, node):
    mapping = {}
    for key, value in node.value:
        # A key that is a collection can be no id: a text no pattern accepts.
        name = key.value if isinstance(key, yaml.ScalarNode) else "\0collection"
        mapping[name] = loader.construct_object(value, deep=True)
    return mapping


CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
CoreLoader.add_constructor("tag:yaml.org,2002:map", construct_mapping)


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        print(f"{sys.argv[1]}: not a valid schema: {error.message}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as file:
                document = yaml.load(file, Loader=CoreLoader)
        except (yaml.YAMLError, ValueError, UnicodeDecodeError) as error:
            print(f"{path}\tunreadable\t{' '.join(str(error).split())}")
            continue
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        if error is None:
            print(f"{path}\tok")
        else:
            where = "/" + "/".join(str(part) for part in error.absolute_path)
            print(f"{path}\tinvalid\t{where}: {' '.join(error.message.split())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The rules as data, read and checked: YAML, schema, records, values, worked examples, numbering."""

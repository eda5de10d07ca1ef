"""The grammar: the tables of grammar.toml and the rule code, bound row to function through one registry."""

"""The pages: home, rules, lobby, table, replay, and the forms' actions. Thin: the work is below."""

# The text report of a section: its header, tests, findings, metrics and targets.

# The language's own name (shown by --help's --lang and the book's switcher).
lang-name = English

# Before every message that stops the grader.
error-label = error:
lang-unknown = --lang { $given }: the course speaks { $tags } (or a locale such as zh_TW.UTF-8)

"""argparse's own words ("usage:", "options", "the following arguments are required") in our catalog.

Why here and not through the system's ``argparse`` gettext domain: Python ships no translations
for it, and the CLI's help and errors should be in one language, not half English.  argparse
looks its module-level ``_``/``ngettext`` up at call time, so pointing them at our catalog is
enough; the messages below are argparse's msgids exactly (Python 3.11–3.13), collected here so
that extraction puts them into ``locales/hakem.pot``.
"""

from __future__ import annotations

from core.i18n import N_

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The user-facing argparse messages we translate (the rest are programming errors)."""


def install() -> None:
    """Make argparse translate through the active hakem catalog (idempotent)."""
    import argparse

    from core.i18n import _, ngettext

    argparse._ = _  # type: ignore[attr-defined]  # argparse's module-level gettext names, replaced by ours
    argparse.ngettext = ngettext  # type: ignore[attr-defined]  # argparse's module-level gettext names, replaced by ours
    argparse.ArgumentParser._check_value = _check_value  # type: ignore[method-assign]  # the language's quotes


def _check_value(self, action, value) -> None:
    """argparse's check of a choice, its refusal quoting the value and the choices in the
    language's marks („standings“, «standings») where argparse writes Python's 'standings'."""
    import argparse

    from core.i18n import _, pgettext

    if action.choices is not None and value not in action.choices:
        quoted = pgettext("quoted", "'{text}'")
        raise argparse.ArgumentError(action, _("invalid choice: {value} (choose from {choices})").format(
            value=quoted.format(text=value), choices=", ".join(quoted.format(text=c) for c in action.choices)))

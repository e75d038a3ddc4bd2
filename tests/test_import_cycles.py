"""No import cycle at run time, among hakem's modules (``core`` and ``tui``).

Why a test besides ``lint-imports``: the layers contract sees packages, not the modules inside
one, and a circle closed by an import inside a function (done there to keep start-up fast)
hides from a reader and from Python's own error alike — until the day the import moves to
the top and ``ImportError: partially initialised module`` appears, or a change in one module
of the circle silently changes another.  So every import counts here: at the top, inside
functions, and the ones the code makes by name (a package's lazy names, the CLI's command
discovery, the pairing registry, the tie-break registry's families), read from the code's own
tables.  Importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first, so a module imports its parent packages too
(grimp records only ``a.b.c``); a package's ``__init__`` that imports its submodules eagerly
thus sits in the circle of whatever those submodules reach.  Only imports for type
checkers (``if TYPE_CHECKING:``) do not run and are left out.

:data:`EXCEPTIONS` lists the circles allowed, each with why; a listed circle that no longer
exists fails too, so the list stays true.
"""

from __future__ import annotations

import grimp

EXCEPTIONS: dict[frozenset[str], str] = {
    frozenset({"core.cli", "core.cli.commands.roles"}):
        "hakem results-only (an SSH key's forced command) checks the words it was given and runs "
        "them through the CLI's own entry point: one parser and one set of checks for a command "
        "typed and a command forced.  The edge back exists only because the entry point imports "
        "a command module by its name when it is used, so that a start imports that one alone.",
}
"""Circles kept on purpose (their modules → why)."""

BY_DATA = ("core.service.wire",)
"""Modules that import a module named in the *data* they read, not by the code's design:
the data service's decoder turns ``"core.model.Player"`` back into the class (and only a
hakem value class).  Their lookups are not edges of the design."""


def dynamic_edges() -> dict[str, set[str]]:
    """The imports the code makes by name, read from the tables that drive them."""
    import core.app
    import core.cli.commands
    import core.teams
    import core.pairing.registry as registry
    import core.tiebreaks.registry as tiebreaks

    edges: dict[str, set[str]] = {
        "core.app": {f"core.app.{module}" for module in core.app._WHERE.values()},
        "core.teams": {f"core.teams.{module}" for module in core.teams._WHERE.values()},
        "core.store": {"core.store.store"},
        "core.cli": {f"core.cli.commands.{module}" for module, _summary in core.cli.commands.COMMANDS.values()},
        "core.pairing.registry": {registry.module_name(s) for s in registry.system_ids()},
        "core.tiebreaks.registry": tiebreaks.family_modules(),
    }
    return edges


def parents(module: str) -> set[str]:
    """The packages Python runs before *module*: ``a.b.c`` → ``a``, ``a.b``."""
    parts = module.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}


def import_graph() -> dict[str, set[str]]:
    """Module → the hakem modules it imports when it runs (any depth in its code), each
    import counting its parent packages too."""
    graph = grimp.build_graph("core", "tui", exclude_type_checking_imports=True)
    modules = set(graph.modules)
    out = {m: (set(graph.find_modules_directly_imported_by(m)) & modules) if m not in BY_DATA else set()
           for m in modules}
    for importer, imported in dynamic_edges().items():
        assert importer in modules and imported <= modules, (importer, imported - modules)
        out[importer] |= imported
    for importer, imported in out.items():
        # its own packages have started already when a module runs: importing them runs nothing
        out[importer] = imported | ({p for m in imported for p in parents(m)} - parents(importer) - {importer})
    return out


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_the_finder_sees_a_circle_closed_inside_a_function():
    """The check itself: a circle whose closing import sits in a function is found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_an_import_runs_the_parent_packages():
    """``import a.b.c`` runs ``a`` and ``a.b`` first: those are edges too."""
    assert parents("a.b.c") == {"a", "a.b"}
    assert parents("a") == set()


def test_no_import_cycle_at_run_time():
    graph = import_graph()
    found = set(circles(graph))
    unexpected = sorted(sorted(c) for c in found if c not in EXCEPTIONS)
    assert not unexpected, "import cycles (an import inside a function counts): " + "; ".join(
        " ⟷ ".join(c) for c in unexpected)
    stale = sorted(sorted(c) for c in EXCEPTIONS if c not in found)
    assert not stale, f"listed exceptions that are no longer cycles: {stale}"

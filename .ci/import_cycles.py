"""Fail when the first-party modules import each other in a cycle (`make lint`).

grimp (import-linter's graph) sees every import, those written inside functions included, and a
package's __init__ that imports a submodule: a cycle through any of them is listed with the lines
of its imports. Layers and forbidden imports are import-linter's contracts (pyproject.toml).
"""

from __future__ import annotations

import sys
from pathlib import Path

import grimp

PACKAGES = ("league", "teams", "matches")


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
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
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    graph = grimp.build_graph(*PACKAGES)
    found = cycles(graph)
    for component in found:
        print(f"import cycle among {len(component)} modules:")
        members = set(component)
        for module in component:
            for imported in sorted(graph.find_modules_directly_imported_by(module) & members):
                lines = [d["line_number"] for d in graph.get_import_details(importer=module, imported=imported)]
                print(f"  {module} -> {imported} (line {', '.join(map(str, lines))})")
    print(f"import cycles among first-party modules: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

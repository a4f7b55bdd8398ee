"""A worked example's engine call, as data: parsed once into a fixed grammar, never evaluated.

The grammar (documented in ``executable_examples/README.md``)::

    call      := callee "(" arguments ")" ("." field)*
    callee    := "house." HOUSE_METHOD | MODULE "." FUNCTION      (FUNCTION listed in MODULE.__all__)
    argument  := literal | given-name | "house." HOUSE_SETTING | house-query
                 | "[" argument, … "]" | "(" argument, … ")" | "{" argument ":" argument, … "}"
    house-query := "house." HOUSE_METHOD "(" literal-or-given, … ")" ("." field)?
    literal   := whole number | text | True | False | None

No name or attribute starting with ``_``, no subscripts, no other calls, no
operators. Running a call looks each name up in a fixed table of the engine's
public functions; nothing is compiled or evaluated, so an example file cannot
run code.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
import re
from dataclasses import dataclass
from keyword import iskeyword
from typing import Any, Callable, Mapping

import pokerrules
from pokerrules import House
from rulebook.core.yamlload import MAX_NUMBER

ENGINE_MODULES = tuple(sorted(
    module.name for module in pkgutil.iter_modules(pokerrules.__path__)
    if module.name not in ("house", "rake", "strict", "cards") and not module.name.startswith("_")   # asked through house.<method>
))


def _engine_functions() -> dict[str, dict[str, Callable[..., Any]]]:
    table = {}
    for name in ENGINE_MODULES:
        module = importlib.import_module(f"pokerrules.{name}")
        table[name] = {
            function: getattr(module, function) for function in getattr(module, "__all__", ())
            if inspect.isfunction(getattr(module, function, None)) and not function.startswith("_")
        }
    return table


FUNCTIONS = _engine_functions()
# A house answers questions: its public instance methods, never its loaders (House.load reads files).
HOUSE_METHODS = frozenset(
    name for name, member in vars(House).items()
    if not name.startswith("_") and inspect.isfunction(member)
)
# Its data fields (times, policies such as how it rules on undercalls) are settings an example may pass on.
HOUSE_SETTINGS = frozenset(
    name for name in getattr(House, "__dataclass_fields__", {}) if not name.startswith("_"))
MAX_CALL_LENGTH = 2000
# The engine functions that rule by a house policy, with the argument that names it and the house
# setting it must come from: an example always runs under its house's own policy, never another.
POLICY_ARGUMENTS = {
    ("showdown", "first_to_show"): ("rule", "first_to_show"),
    ("betting", "may_raise"): ("rule", "incomplete_all_in"),
    ("betting", "undercall"): ("rule", "undercall"),
}


@dataclass(frozen=True)
class Literal:
    value: Any


@dataclass(frozen=True)
class Given:
    name: str


@dataclass(frozen=True)
class HouseSetting:
    path: tuple[str, ...]     # house.times.cashier_return_minutes → ("times", "cashier_return_minutes")


@dataclass(frozen=True)
class Items:
    kind: type            # list or tuple
    items: tuple[Argument, ...]


@dataclass(frozen=True)
class Pairs:
    pairs: tuple[tuple[Argument, Argument], ...]


@dataclass(frozen=True)
class Call:
    owner: str            # "house" or an engine module
    function: str
    args: tuple[Argument, ...]
    kwargs: tuple[tuple[str, Argument], ...]
    fields: tuple[str, ...] = ()


# What a call passes: a literal, a given name, a house setting, a collection of them or a house query.
Argument = Literal | Given | HouseSetting | Items | Pairs | Call


class CallError(ValueError):
    """A call outside the grammar: the message says what is not allowed, in an editor's words."""


def parse_call(source: str, names: set[str] | frozenset[str]) -> Call:
    """The call's structure; CallError for anything outside the grammar (nothing is run)."""
    return _parsed(source, frozenset(names))


@functools.lru_cache(maxsize=4096)
def _parsed(source: str, names: frozenset[str]) -> Call:
    """Each call's structure is found once per process (a Call is frozen, and ``ast.parse`` is most
    of a project's load of its examples)."""
    if len(source) > MAX_CALL_LENGTH:
        raise CallError(f"the call is longer than {MAX_CALL_LENGTH} characters")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        kept = sorted(name for name in names if iskeyword(name) and re.search(rf"\b{name}\b", source))
        if kept:   # a value named "raise" reads as a word of the call's own grammar
            raise CallError(f"cannot read the call: {', '.join(map(repr, kept))} is a word the call's grammar keeps "
                            "for itself: give the value another name (raised, for example)") from None
        raise CallError(f"cannot read the call: {getattr(exc, 'msg', None) or exc}") from None
    return _call(tree.body, names, top=True)


def _public(name: str, what: str) -> str:
    if name.startswith("_"):
        raise CallError(f"{what} {name!r} is not allowed: names starting with '_' are not part of the engine")
    return name


def _call(node: ast.AST, names: frozenset[str], top: bool) -> Call:
    fields: list[str] = []
    while isinstance(node, ast.Attribute):
        fields.insert(0, _public(node.attr, "the result field"))
        node = node.value
    if not isinstance(node, ast.Call):
        raise CallError("the call must be an engine function called with arguments, e.g. house.rake([pot], …)")
    callee = node.func
    if not (isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name)):
        raise CallError("the callee must be house.<method> or <engine module>.<function>")
    owner, function = _public(callee.value.id, "the name"), _public(callee.attr, "the function")
    if owner == "house":
        if function not in HOUSE_METHODS:
            raise CallError(f"house.{function} is not a question a house answers "
                            f"(known: {', '.join(sorted(HOUSE_METHODS))})")
    elif owner in FUNCTIONS:
        if function not in FUNCTIONS[owner]:
            raise CallError(f"{owner}.{function} is not a public function of the engine "
                            f"(known: {', '.join(sorted(FUNCTIONS[owner]))})")
    else:
        raise CallError(f"{owner!r} is not an engine module (known: house, {', '.join(ENGINE_MODULES)})")
    if not top and (owner != "house" or len(fields) > 1):
        raise CallError("an argument may only ask the house a question, e.g. house.stakes(stakes).big_blind")
    argument = (lambda n: _argument(n, names)) if top else (lambda n: _plain(n, names))
    args = tuple(argument(arg) for arg in node.args)
    kwargs = []
    for keyword in node.keywords:
        if keyword.arg is None:
            raise CallError("** arguments are not allowed")
        kwargs.append((_public(keyword.arg, "the argument"), argument(keyword.value)))
    if (owner, function) in POLICY_ARGUMENTS:
        name, setting = POLICY_ARGUMENTS[owner, function]
        if dict(kwargs).get(name) != HouseSetting((setting,)):
            raise CallError(f"{owner}.{function} rules by the house's policy: pass {name}=house.{setting} "
                            "(an example runs under its house's own policy and cannot choose another)")
    return Call(owner, function, args, tuple(kwargs), tuple(fields))


def _bounded(value: Any) -> Any:
    """A number of the call, no larger than any the sources may hold (the pages must print it)."""

    if type(value) is int and not abs(value) < MAX_NUMBER:
        raise CallError(f"the number {str(value)[:40]} is larger than any card-room number")
    return value


def _plain(node: ast.AST, names: frozenset[str]) -> Argument:
    """A literal, a given name or a collection of them."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (bool, int, str))):
        return Literal(_bounded(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return Literal(-_bounded(node.operand.value))
    if isinstance(node, ast.Name):
        if node.id in names:
            return Given(node.id)
        raise CallError(f"the call uses {node.id!r}, which is not a given value or a result of the example")
    if (collection := _collection(node, names, _plain)) is not None:
        return collection
    raise CallError(f"an argument must be a number, text, a given name or a list of them, not {_describe(node)}")


def _house_setting(node: ast.AST) -> HouseSetting | None:
    """``house.times.cashier_return_minutes``: a chain of public data fields from the house, or None."""
    path: list[str] = []
    while isinstance(node, ast.Attribute):
        path.insert(0, _public(node.attr, "the house field"))
        node = node.value
    if not (isinstance(node, ast.Name) and node.id == "house" and path):
        return None
    if path[0] not in HOUSE_SETTINGS:
        raise CallError(f"house.{path[0]} is not a house setting (known: {', '.join(sorted(HOUSE_SETTINGS))})")
    return HouseSetting(tuple(path))


def _argument(node: ast.AST, names: frozenset[str]) -> Argument:
    if (setting := _house_setting(node)) is not None:
        return setting
    if isinstance(node, (ast.Call, ast.Attribute)):
        return _call(node, names, top=False)
    if (collection := _collection(node, names, _argument)) is not None:
        return collection
    return _plain(node, names)


def _collection(node: ast.AST, names: frozenset[str], element: Callable[[ast.AST, frozenset[str]], Argument]) -> Items | Pairs | None:
    """A list, tuple or mapping whose items ``element`` reads (mapping keys are always plain)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return Items(list if isinstance(node, ast.List) else tuple, tuple(element(item, names) for item in node.elts))
    if isinstance(node, ast.Dict):
        keys = [key for key in node.keys if key is not None]   # None: a ``**`` spread
        if len(keys) != len(node.keys):
            raise CallError("** in a mapping is not allowed")
        return Pairs(tuple((_plain(k, names), element(v, names)) for k, v in zip(keys, node.values)))
    return None


def _describe(node: ast.AST) -> str:
    kinds = {ast.Lambda: "a lambda", ast.ListComp: "a comprehension", ast.GeneratorExp: "a comprehension",
             ast.DictComp: "a comprehension", ast.SetComp: "a comprehension", ast.Subscript: "a subscript",
             ast.BinOp: "arithmetic", ast.Starred: "a * argument", ast.Constant: "this constant",
             ast.JoinedStr: "an f-string", ast.Set: "a set"}
    return next((text for kind, text in kinds.items() if isinstance(node, kind)), type(node).__name__)


# -- running and showing ------------------------------------------------------

def call_arguments(call: Call, house: House, binding: Mapping[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The values a call passes to the engine, positional and by name (what a picture draws: the
    cards, seats and amounts the engine was asked about)."""
    value = lambda item: _value(item, house, binding)  # noqa: E731
    return tuple(value(arg) for arg in call.args), {name: value(arg) for name, arg in call.kwargs}


def run_call(call: Call, house: House, binding: Mapping[str, Any]) -> Any:
    """The engine's answer; raises whatever the engine raises for bad input."""
    target = getattr(house, call.function) if call.owner == "house" else FUNCTIONS[call.owner][call.function]
    args, kwargs = call_arguments(call, house, binding)
    result = target(*args, **kwargs)
    for field in call.fields:
        result = getattr(result, field)
        if callable(result):
            raise TypeError(f"{field} is not a data field of the result")
    return result


def _value(item: Any, house: House, binding: Mapping[str, Any]) -> Any:
    if isinstance(item, Literal):
        return item.value
    if isinstance(item, Given):
        return binding[item.name]
    if isinstance(item, HouseSetting):
        value: Any = house
        for name in item.path:
            value = getattr(value, name)
            if callable(value):
                raise TypeError(f"house.{'.'.join(item.path)} is not a house setting")
        return value
    if isinstance(item, Items):
        return item.kind(_value(x, house, binding) for x in item.items)
    if isinstance(item, Pairs):
        return {_value(k, house, binding): _value(v, house, binding) for k, v in item.pairs}
    return run_call(item, house, binding)


def reads_the_house(item: Any) -> bool:
    """Whether a call, or any of its arguments, reads the house's numbers or policies."""
    if isinstance(item, HouseSetting):
        return True
    if isinstance(item, Call):
        return item.owner == "house" or any(reads_the_house(arg) for arg in item.args) or \
            any(reads_the_house(arg) for _, arg in item.kwargs)
    if isinstance(item, Items):
        return any(reads_the_house(x) for x in item.items)
    if isinstance(item, Pairs):
        return any(reads_the_house(value) for _, value in item.pairs)
    return False


def show_call(call: Call, binding: Mapping[str, Any]) -> str:
    """The call as a reader would type it, every given name replaced by its value (the doctest line)."""
    args = [_show(arg, binding) for arg in call.args]
    args += [f"{name}={_show(arg, binding)}" for name, arg in call.kwargs]
    fields = "".join(f".{field}" for field in call.fields)
    return f"{call.owner}.{call.function}({', '.join(args)}){fields}"


def _show(item: Any, binding: Mapping[str, Any]) -> str:
    if isinstance(item, Literal):
        return repr(item.value)
    if isinstance(item, Given):
        return repr(binding[item.name])
    if isinstance(item, HouseSetting):
        return "house." + ".".join(item.path)
    if isinstance(item, Items):
        inner = ", ".join(_show(x, binding) for x in item.items)
        return f"[{inner}]" if item.kind is list else f"({inner}{',' if len(item.items) == 1 else ''})"
    if isinstance(item, Pairs):
        return "{" + ", ".join(f"{_show(k, binding)}: {_show(v, binding)}" for k, v in item.pairs) + "}"
    return show_call(item, binding)

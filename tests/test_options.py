"""One option schema per game (issue 15, "One option schema per game"): every option of every
game is checked the same way from its ``Game.OPTIONS``. Booleans take only True/False;
integers take Python and NumPy ints, never bools, floats or strings; ``max_turns`` is a
positive int; every ConfigError names the option, the value and what is valid; and
docs/options.md is the table ``conan_envs.options_table()`` builds from the schemas; and
(hypothesis) any mix of option values builds a playable game or is a ConfigError."""
import signal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import conan_envs
from conan_envs import ConfigError
from conan_envs.engine import options as opt

GAMES = list(conan_envs.ENV_IDS)
OPTIONS = [(e, name, o) for e in GAMES for name, o in conan_envs.game_class(e).OPTIONS.items()]
OPTION_IDS = [f"{e}-{name}" for e, name, _ in OPTIONS]
DOC = Path(__file__).resolve().parent.parent / "docs" / "options.md"

NOT_BOOLS = ["false", "False", "no", "yes", "true", 0, 1, 0.0, None, [], "0"]
NOT_INTS = [True, False, 2.0, 2.5, "3", "two", [2], float("nan"), float("inf")]


def refused(env_id, name, value):
    """The ConfigError for option `name`=`value`, checked to name the option, the value and
    what is valid."""
    with pytest.raises(ConfigError) as err:
        conan_envs.make_game(env_id, **{name: value})
    text = str(err.value)
    assert name in text and repr(value) in text, text
    o = conan_envs.game_class(env_id).OPTIONS[name]
    assert o.valid() in text, text
    return text


def kinds(o):
    return o.kinds if isinstance(o, opt.Either) else (o,)


def having(kind):
    """The options (env_id, name, option) with `kind` among their kinds, and their ids."""
    found = [x for x in OPTIONS if any(isinstance(k, kind) for k in kinds(x[2]))]
    return {"argvalues": found, "ids": [f"{e}-{n}" for e, n, _ in found]}


@pytest.mark.parametrize("env_id,name,o", **having(opt.Bool))
def test_booleans_take_only_true_or_false(env_id, name, o):
    for value in NOT_BOOLS:
        refused(env_id, name, value)
    game = conan_envs.make_game(env_id, **{name: o.default})
    assert game.config[name] is o.default


@pytest.mark.parametrize("env_id,name,o", **having(opt.Int))
def test_integers_refuse_bools_floats_and_strings_and_take_numpy_ints(env_id, name, o):
    others = [k for k in kinds(o) if not isinstance(k, opt.Int)]
    for value in NOT_INTS:
        if any(_accepts(k, value) for k in others):
            continue
        refused(env_id, name, value)
    default = o.default
    if isinstance(default, int) and not isinstance(default, bool):
        for np_int in (np.int64(default), np.int32(default), np.uint16(default)):
            game = conan_envs.make_game(env_id, **{name: np_int})
            assert game.config[name] == default and type(game.config[name]) is int


def _accepts(kind, value):
    try:
        kind.check("x", "x", value)
        return True
    except ConfigError:
        return False


@pytest.mark.parametrize("env_id,name,o", **having(opt.Int))
def test_integer_ranges_are_enforced_at_both_ends(env_id, name, o):
    for k in kinds(o):
        if isinstance(k, opt.Int):
            if k.lo is not None:
                refused(env_id, name, k.lo - 1)
            if k.hi is not None:
                refused(env_id, name, k.hi + 1)
            else:
                pytest.fail(f"{env_id}.{name} has no upper bound: sizes must be bounded")


@pytest.mark.parametrize("env_id", GAMES)
@pytest.mark.parametrize("value", [0, -1, "3", 3.0, 2.5, True, 10**9])
def test_max_turns_must_be_a_positive_int_for_every_game(env_id, value):
    refused(env_id, "max_turns", value)


@pytest.mark.parametrize("env_id", GAMES)
def test_max_turns_takes_a_numpy_int_and_caps_the_game(env_id):
    game = conan_envs.make_game(env_id, max_turns=np.int64(1))
    assert game.max_turns == 1 and type(game.max_turns) is int


@pytest.mark.parametrize("env_id,name,o", **having((opt.Choice, opt.Names)))
def test_choices_and_names_refuse_other_types(env_id, name, o):
    kinds_here = kinds(o)
    for value in (None, 3.5, {"a": 1}, object.__name__ + "_no_such_name", [None]):
        if any(_accepts(k, value) for k in kinds_here):
            continue
        refused(env_id, name, value)


@pytest.mark.parametrize("env_id,name,o", OPTIONS, ids=OPTION_IDS)
def test_every_default_passes_its_own_check_and_has_a_doc(env_id, name, o):
    assert o.doc, f"{env_id}.{name} has no description"
    if o.default is not None or any(getattr(k, "allow_none", False) for k in kinds(o)):
        assert o.check(env_id, name, o.default) == o.default


def test_option_kinds_directly():
    assert opt.Bool(False).check("g", "b", np.bool_(True)) is True
    with pytest.raises(ConfigError, match=r"option b='no' is invalid; b must be True or False"):
        opt.Bool(False).check("g", "b", "no")
    assert opt.Int(1, lo=1, hi=3).check("g", "n", np.int16(2)) == 2
    assert opt.Int(None, lo=1, allow_none=True).check("g", "n", None) is None
    with pytest.raises(ConfigError, match="an integer from 1 to 3"):
        opt.Int(1, lo=1, hi=3).check("g", "n", 4)
    assert opt.Choice("a", choices=("a", "b")).check("g", "c", "b") == "b"
    names = opt.Names((), choices=("Sword", "Axe"))
    assert names.check("g", "items", "Sword, Axe") == ("Sword", "Axe")
    with pytest.raises(ConfigError, match=r"unknown value\(s\) \['Bow'\]"):
        names.check("g", "items", "Bow")
    with pytest.raises(ConfigError, match="distinct"):
        names.check("g", "items", ["Axe", "Axe"])
    either = opt.Either(0, kinds=(opt.Int(0, lo=0, hi=2), opt.Choice("x", choices=("x", "y"))))
    assert either.check("g", "e", "y") == "y" and either.check("g", "e", 1) == 1
    with pytest.raises(ConfigError, match="an integer from 0 to 2 or one of 'x', 'y'"):
        either.check("g", "e", True)
    with pytest.raises(ConfigError, match="valid options"):
        opt.validate("g", {"a": opt.Bool(False)}, {"b": 1})


def test_docs_options_md_is_generated_from_the_schemas():
    table = conan_envs.options_table()
    for env_id in GAMES:
        assert f"## {env_id}" in table
        for name, *_ in conan_envs.game_class(env_id).describe_options():
            assert f"| `{name}` |" in table
    assert DOC.read_text(encoding="utf-8") == table + "\n", (
        "docs/options.md is stale: regenerate it with python -c \"import conan_envs; "
        "open('docs/options.md', 'w').write(conan_envs.options_table() + '\\n')\"")


# ---- hypothesis: any mix of option values builds a playable game or is a ConfigError ----

ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 40), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.lists(st.text(max_size=8), max_size=3), st.integers(0, 12).map(np.int64),
    st.sampled_from(["false", "no", "True", "3", "mixed", "solo", "battle", "2.5"]))


def valid_values(o):
    out = []
    for k in kinds(o):
        if isinstance(k, opt.Bool):
            out.append(st.booleans())
        elif isinstance(k, opt.Int):
            lo = k.lo if k.lo is not None else -5
            hi = k.hi if k.hi is not None else lo + 50
            out.append(st.integers(lo, min(hi, lo + 60)))
        elif isinstance(k, opt.Choice):
            out.append(st.sampled_from(opt._choices(k.choices)))
        elif isinstance(k, opt.Names):
            names = opt._choices(k.choices)
            out.append(st.lists(st.sampled_from(names), unique=True, max_size=min(4, len(names)),
                                min_size=min(k.min_len, len(names))))
    return st.one_of(*out)


@pytest.mark.parametrize("env_id", GAMES)
@settings(max_examples=25, derandomize=True, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_mix_of_options_builds_a_playable_game_or_is_a_config_error(env_id, data):
    schema = conan_envs.game_class(env_id).OPTIONS
    config = {}
    for name, o in schema.items():
        if data.draw(st.booleans(), label=f"set {name}"):
            config[name] = data.draw(st.one_of(valid_values(o), valid_values(o), ANY_VALUE),
                                     label=name)
    signal.signal(signal.SIGALRM, _hang)
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        try:
            game = conan_envs.make_game(env_id, **config)
        except ConfigError as err:
            assert env_id in str(err)
            return
        for name, value in config.items():
            assert game.config[name] == schema[name].check(env_id, name, value)
        state = game.new_initial_state(data.draw(st.integers(0, 2**16), label="seed"))
        rng = np.random.default_rng(0)
        for _ in range(40):
            if state.is_terminal() or state.is_truncated():
                break
            legal = state.legal_actions()
            assert legal, f"no legal move at {state.decision()} with {config}"
            state.apply_action(int(rng.choice(legal)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _hang(signum, frame):
    raise TimeoutError("building or playing the game took over 30 s")

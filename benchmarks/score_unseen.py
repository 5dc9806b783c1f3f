"""Score the drafter on fresh real rule pages it has never seen (issue 29, "Measure").

Usage::

    python benchmarks/score_unseen.py tests/generate/unseen/set1 [--games 100] [--json OUT]
                                      [--runs DIR] [--rescore]

Each case is a directory ``SET_DIR/<id>/`` holding ``page.md`` (a lightly paraphrased real page) and
``gold.yaml`` (facts written from the page text alone; format in ``tests/generate/unseen/README.md``).
For every case the scorer runs ``dslgen new --file page.md --games N --json --out RUNS/<id>`` (stdout kept as
``RUNS/<id>.json``), reads the draft YAML the result names and the result's value rows
(``value_sources.rows``: field, value, source = stated / assumed / default, sentence), and measures:

* **facts carried** – a gold fact whose value the draft has (read from the draft YAML, see ``draft_view``);
  ``stated`` additionally counts those the draft marks 原文 (a ``stated`` row for the same field);
* **fan values carried** – a gold fan the draft's ``fan_types`` holds (names matched through the docs/fans.md
  synonyms, plus a small traditional→simplified character table for fan names only) with the gold value in the
  table's own unit: 番 / 台 / 分 → ``base_fan`` equal; 倍 (a ×N table) → ``base_fan == log2(N)`` under
  ``fan_stacking: double`` or ``base_fan == N`` under ``multiply``;
* **stated but contradicted** – a value row marked ``stated`` whose value differs from the gold value for that
  field, or that matches a ``not_stated`` trap of the gold (a trap without ``value`` forbids any stated value);
* **unaccounted values** – value-bearing entries of the draft YAML that no value row covers (see
  ``draft_leaves``; a row covers a leaf when it maps to the same field, or its raw field is a prefix of it);
* **rules unlisted** – gold rule sentences the result neither carries (consistency ``carried`` / ``mapping`` /
  a value row's sentence) nor lists (``gapped`` / ``unhandled`` / ``gaps`` / ``unmapped_sentences`` / any list
  under a key naming questions or non-rules, so a later reader's open questions count as listed);
* **passes** – the result's ``verdict`` is ``pass``.

``--rescore`` reads the saved ``RUNS/<id>.json`` instead of running ``dslgen new`` again.
The scorer reads only outputs, never the reader's code. Exit 0 on success, 2 on a usage or I/O problem.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
FANS_DOC = REPO / "docs" / "fans.md"

# Traditional → simplified for characters that occur in fan names on the pages (name matching only).
_T2S = str.maketrans(
    "門風撈魚獨聽無單莊槓連對雙龍發東補開後數碼歸莊號場盤將",
    "门风捞鱼独听无单庄杠连对双龙发东补开后数码归庄号场盘将",
)

ROW_KEYS: list[tuple[str, str]] = [
    (r"others_reaction\(chi\)$", "actions.chi"),
    (r"others_reaction\((pung|peng)\)$", "actions.pung"),
    (r"sub_phases(\.[a-z_]+)?\((kong|ming_kong|an_kong|bu_kong)\)$", "actions.kong"),
    (r"others_reaction\(win\)$", "actions.discard_win"),
    (r"others_reaction\(win\)\.rob_kong$", "actions.rob_kong"),
    (r"^wildcard_rules$", "wildcards"),
    (r"^game\.players(\.max)?$", "game.players"),
    (r"^phases\.play\.parallel_elimination$", "phases.play.parallel_elimination"),
    (r"^requires\(meldsolver\.seven_pairs\)$", "hands.seven_pairs"),
    (r"^requires\(meldsolver\.thirteen_orphans\)$", "hands.thirteen_orphans"),
]


def fail(message: str) -> None:
    """Print a usage / I/O problem and exit 2."""
    print(f"score_unseen: {message}", file=sys.stderr)
    raise SystemExit(2)


# ---------------------------------------------------------------- names and sentences


def fan_synonyms(path: Path = FANS_DOC) -> dict[str, str]:
    """Map every fan name and synonym in docs/fans.md's table to its canonical name."""
    names: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("番型", "---") or set(cells[0]) <= set("-"):
            continue
        canon = cells[0]
        names.setdefault(canon, canon)
        if cells[1] not in ("—", ""):
            for syn in re.split(r"[、,，]", cells[1]):
                if syn.strip():
                    names.setdefault(syn.strip(), canon)
    return names


SYNONYMS = fan_synonyms() if FANS_DOC.exists() else {}


def canon_fan(name: str) -> str:
    """Canonical fan name: synonyms from docs/fans.md, traditional characters folded."""
    plain = unicodedata.normalize("NFKC", str(name)).strip().translate(_T2S)
    return SYNONYMS.get(plain, plain)


def norm_text(text: str) -> str:
    """Sentence key: NFKC, traditional fan characters folded, no spaces/punctuation, lower case."""
    text = unicodedata.normalize("NFKC", str(text)).translate(_T2S).lower()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN")


def sentence_matches(gold: str, drafted: str) -> bool:
    """True when a drafter sentence and a gold sentence are the same text or one contains the other.

    Drafters split sentences differently (a clause of a gold line, or a line joined with its heading); short
    fragments (under 4 characters) only match exactly. A fuzzy ratio ≥ 0.8 covers converted characters.
    """
    g, d = norm_text(gold), norm_text(drafted)
    if not g or not d:
        return False
    if g == d:
        return True
    if len(d) >= 4 and d in g:
        return True
    if len(g) >= 4 and g in d:
        return True
    if min(len(g), len(d)) >= 6:
        return difflib.SequenceMatcher(None, g, d).ratio() >= 0.8
    return False


def coverage(gold: str, fragments: list[str]) -> float:
    """Share of a gold line's characters covered by drafter fragments (two or more characters) found in it.

    A line the drafter split into short clauses (「推倒胡，抢杠胡」 → 推倒胡 / 抢杠胡) is covered by its pieces.
    """
    g = norm_text(gold)
    if not g:
        return 0.0
    covered = [False] * len(g)
    for fragment in fragments:
        f = norm_text(fragment)
        if len(f) < 2:
            continue
        start = g.find(f)
        while start >= 0:
            covered[start:start + len(f)] = [True] * len(f)
            start = g.find(f, start + 1)
    return sum(covered) / len(g)


# ---------------------------------------------------------------- reading the draft


def _play_phase(doc: dict) -> dict:
    for phase in doc.get("phases") or []:
        if isinstance(phase, dict) and phase.get("type") == "mahjong_turn":
            return phase
    return {}


def _actions(phase: dict, sub: str) -> list[dict]:
    block = ((phase.get("sub_phases") or {}).get(sub) or {})
    return [o for o in block.get("options") or [] if isinstance(o, dict)]


def draft_view(doc: dict) -> dict[str, Any]:
    """The draft's values under the gold field names (defaults of docs/dsl-specification.md applied)."""
    view: dict[str, Any] = {}
    game = doc.get("game") or {}
    players = game.get("players")
    if isinstance(players, dict):
        view["game.players"] = players.get("max") if players.get("min") == players.get("max") else players
    elif players is not None:
        view["game.players"] = players
    seating = game.get("seating") or {}
    view["game.seating.first_dealer"] = seating.get("first_dealer", "random")
    view["game.seating.next_dealer"] = seating.get("next_dealer", "stay_on_win")
    deck = doc.get("deck") or {}
    for key in ("total", "include_flowers", "include_honors"):
        if key in deck:
            view[f"deck.{key}"] = deck[key]
    view["deck.suits"] = sorted(deck.get("suits") or ["万", "条", "筒"])
    if deck.get("include_honors"):
        view["deck.honors"] = sorted(deck.get("honors") or list("东南西北中发白"))
    else:
        view["deck.honors"] = []
    view["deal.cards_per_player"] = (doc.get("deal") or {}).get("cards_per_player", 13)
    phase = _play_phase(doc)
    others = _actions(phase, "others_reaction")
    mine = _actions(phase, "self_action")
    names = {o.get("action") for o in others}
    own = {o.get("action") for o in mine}
    view["actions.chi"] = "chi" in names
    view["actions.pung"] = bool(names & {"pung", "peng"})
    view["actions.kong"] = bool((names | own) & {"ming_kong", "an_kong", "bu_kong", "kong"})
    # a win reaction limited to robbing a kong (condition can_rob_kong) is no win on a discard
    view["actions.discard_win"] = any(o.get("action") == "win" and o.get("condition") != "can_rob_kong" for o in others)
    win = next((o for o in others if o.get("action") == "win"), {})
    view["actions.rob_kong"] = bool(win.get("rob_kong")) or any("rob_kong" in str(o) for o in others)
    view["phases.play.parallel_elimination"] = bool(phase.get("parallel_elimination", False))
    view["wildcards"] = bool(doc.get("wildcard_rules"))
    requires = set(doc.get("requires") or [])
    view["hands.seven_pairs"] = "meldsolver.seven_pairs" in requires
    view["hands.thirteen_orphans"] = "meldsolver.thirteen_orphans" in requires
    view["fan_stacking"] = doc.get("fan_stacking")
    view["win_min_fan"] = doc.get("win_min_fan", 0)
    view["max_fan"] = doc.get("max_fan")
    for key, value in (doc.get("scoring") or {}).items():
        if not isinstance(value, (dict, list)):
            view[f"scoring.{key}"] = value
    for key, value in (doc.get("win_condition") or {}).items():
        view[f"win_condition.{key}"] = value
    items = [i for i in doc.get("settlement_items") or [] if isinstance(i, dict)]
    view["lian_zhuang"] = any(i.get("item") == "lian_zhuang" for i in items)
    for item in items:
        for key, value in item.items():
            if key != "item":
                view[f"{item.get('item')}.{key}"] = value
    return view


def draft_fans(doc: dict) -> dict[str, Any]:
    """Canonical fan name → base_fan for every fan_types entry of the draft."""
    fans: dict[str, Any] = {}
    for entry in doc.get("fan_types") or []:
        if isinstance(entry, dict) and entry.get("name"):
            fans[canon_fan(entry["name"])] = entry.get("base_fan")
    return fans


def draft_leaves(doc: dict) -> list[tuple[str, str]]:
    """(raw path, gold key) of the value-bearing entries written in the draft YAML.

    Structure (meta, requires, phase wiring, generator, scoring.mode, deal.dealer_extra) is not a value;
    ``deck.total`` is derived from the deck flags and is covered by their rows.
    """
    leaves: list[tuple[str, str]] = []
    game = doc.get("game") or {}
    if "players" in game:
        leaves.append(("game.players", "game.players"))
    for key in (game.get("seating") or {}):
        leaves.append((f"game.seating.{key}", f"game.seating.{key}"))
    deck = doc.get("deck") or {}
    for key in ("include_flowers", "include_honors", "suits", "honors", "tiles"):
        if key in deck:
            leaves.append((f"deck.{key}", f"deck.{key}"))
    if "cards_per_player" in (doc.get("deal") or {}):
        leaves.append(("deal.cards_per_player", "deal.cards_per_player"))
    phase = _play_phase(doc)
    for sub in ("others_reaction", "self_action"):
        for option in _actions(phase, sub):
            action = option.get("action")
            key = {"chi": "actions.chi", "pung": "actions.pung", "peng": "actions.pung", "ming_kong": "actions.kong",
                   "an_kong": "actions.kong", "bu_kong": "actions.kong"}.get(action)
            if sub == "others_reaction" and action == "win":
                key = "actions.discard_win"
            if key:
                leaves.append((f"phases.play.sub_phases.{sub}({action})", key))
    if doc.get("wildcard_rules"):
        leaves.append(("wildcard_rules", "wildcards"))
    for entry in doc.get("fan_types") or []:
        if isinstance(entry, dict) and entry.get("name"):
            leaves.append((f"fan_types[{entry['name']}]", f"fan:{canon_fan(entry['name'])}"))
    for key in ("fan_stacking", "win_min_fan", "max_fan"):
        if key in doc:
            leaves.append((key, key))
    for section in ("scoring", "win_condition", "win_rule", "flower_rules"):
        for key, value in (doc.get(section) or {}).items():
            if section == "scoring" and key == "mode":
                continue
            leaves.append((f"{section}.{key}", f"{section}.{key}"))
    for item in doc.get("settlement_items") or []:
        if isinstance(item, dict):
            leaves.append((f"settlement_items[{item.get('item')}]", "lian_zhuang" if item.get("item") == "lian_zhuang"
                           else f"settlement_items[{item.get('item')}]"))
    return leaves


def row_key(row: dict) -> str:
    """The gold field name a value row speaks about (its raw field when no gold name applies)."""
    raw = str(row.get("field", ""))
    for pattern, key in ROW_KEYS:
        if re.search(pattern, raw):
            return key
    match = re.match(r"^fan_types\[(.+?)\]", raw)
    if match:
        return f"fan:{canon_fan(match.group(1))}"
    match = re.match(r"^settlement_items\[(\w+)\](?:\.(\w+))?$", raw)
    if match:
        return f"{match.group(1)}.{match.group(2)}" if match.group(2) else match.group(1)
    if raw == "settlement_items":
        value = row.get("value")
        return "lian_zhuang" if isinstance(value, dict) and "lian_zhuang" in value else raw
    return raw


def row_value(row: dict, key: str) -> Any:
    """A row's value in gold terms (a settlement_items row carrying 连庄 is ``True`` for ``lian_zhuang``)."""
    value = row.get("value")
    if key == "lian_zhuang" and isinstance(value, dict):
        return True
    if key == "wildcards":
        return bool(value)
    if key == "game.players" and isinstance(value, dict):
        return value.get("max") if value.get("min") == value.get("max") else value
    return value


def same(a: Any, b: Any) -> bool:
    """Value equality with lists compared as sets and numbers as numbers."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or a == b and type(a) is type(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b)
    return a == b


def fan_value_ok(gold: dict, base_fan: Any, stacking: Any, unit: str | None) -> bool:
    """Whether a draft base_fan carries a gold fan value in the page's unit convention."""
    if base_fan is None:
        return False
    value = gold["value"]
    unit = gold.get("unit") or unit
    if unit == "倍":
        if stacking == "multiply":
            return same(base_fan, value)
        if stacking == "double" and value > 0 and math.log2(value).is_integer():
            return same(base_fan, int(math.log2(value)))
        return False
    return same(base_fan, value)


# ---------------------------------------------------------------- scoring one case


@dataclass
class CaseScore:
    """Per-page measurements (counts and the evidence behind each)."""

    id: str
    facts: int = 0
    facts_carried: int = 0
    facts_stated: int = 0
    fans: int = 0
    fans_carried: int = 0
    contradicted: list[dict] = field(default_factory=list)
    unaccounted: list[str] = field(default_factory=list)
    rules: int = 0
    rules_carried: int = 0
    rules_listed: int = 0
    rules_unlisted: list[str] = field(default_factory=list)
    headings_unhandled: list[str] = field(default_factory=list)
    passed: bool = False
    verdict: str = ""
    missed_facts: list[dict] = field(default_factory=list)
    missed_fans: list[dict] = field(default_factory=list)
    error: str = ""


def _strings_under(node: Any, key_pattern: re.Pattern, inside: bool = False) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            hit = inside or bool(key_pattern.search(str(key)))
            out.extend(_strings_under(value, key_pattern, hit))
    elif isinstance(node, list):
        for value in node:
            out.extend(_strings_under(value, key_pattern, inside))
    elif isinstance(node, str) and inside:
        out.append(node)
    return out


def listed_sentences(result: dict) -> tuple[list[str], list[str], list[str]]:
    """(carried, listed, unhandled) sentence texts of a ``dslgen new --json`` result."""
    cons = result.get("consistency") or {}
    carried = list(cons.get("carried") or [])
    carried += [m.get("sentence", "") for m in result.get("mapping") or [] if isinstance(m, dict)]
    carried += [r.get("sentence", "") for r in (result.get("value_sources") or {}).get("rows") or [] if r.get("sentence")]
    unhandled = [s if isinstance(s, str) else str(s.get("sentence", s)) for s in cons.get("unhandled") or []]
    unhandled += [s if isinstance(s, str) else str(s.get("sentence", s)) for s in result.get("unmapped_sentences") or []]
    listed = [s if isinstance(s, str) else str(s.get("sentence", s)) for s in cons.get("gapped") or []]
    listed += _strings_under(result.get("gaps") or [], re.compile("."), True)
    listed += _strings_under(result, re.compile(r"question|not_rule|non_rule|nonrule|ignored|boilerplate|resolution"))
    return carried, listed + unhandled, unhandled


def score_case(case_dir: Path, result: dict, draft: dict) -> CaseScore:
    """Measure one draft against its gold."""
    gold = yaml.safe_load((case_dir / "gold.yaml").read_text(encoding="utf-8"))
    score = CaseScore(id=gold["id"])
    score.verdict = str(result.get("verdict", ""))
    score.passed = score.verdict == "pass"
    view = draft_view(draft)
    fans = draft_fans(draft)
    rows = [r for r in (result.get("value_sources") or {}).get("rows") or [] if isinstance(r, dict)]
    keyed = [(row_key(r), r) for r in rows]
    for key, row in keyed:
        if key == "actions.rob_kong":  # how the YAML spells 抢杠胡 varies; the row says what the draft holds
            view[key] = bool(row.get("value"))
        elif key not in view and not key.startswith("fan:"):  # a default the YAML leaves unwritten
            view[key] = row_value(row, key)
    stated = [(k, r) for k, r in keyed if r.get("source") == "stated"]

    gold_facts: dict[str, Any] = {}
    for fact in gold.get("facts") or []:
        key, value = fact["field"], fact["value"]
        gold_facts[key] = value
        score.facts += 1
        have = view.get(key)
        if same(have, value):
            score.facts_carried += 1
            if any(k == key and same(row_value(r, k), value) for k, r in stated):
                score.facts_stated += 1
        else:
            score.missed_facts.append({"field": key, "gold": value, "draft": have, "sentence": fact["sentence"]})

    unit = gold.get("fan_unit")
    gold_fans = {canon_fan(f["name"]): f for f in gold.get("fans") or []}
    for name, fan in gold_fans.items():
        score.fans += 1
        if name in fans and fan_value_ok(fan, fans[name], draft.get("fan_stacking"), unit):
            score.fans_carried += 1
        else:
            score.missed_fans.append({"name": name, "gold": fan["value"], "unit": fan.get("unit") or unit,
                                      "draft": fans.get(name, "absent"), "stacking": draft.get("fan_stacking")})

    traps = gold.get("not_stated") or []
    for key, row in stated:
        value = row_value(row, key)
        reason = ""
        if key in gold_facts and not same(value, gold_facts[key]):
            reason = f"gold {key} = {gold_facts[key]!r}"
        elif key.startswith("fan:") and key[4:] in gold_fans:
            if not fan_value_ok(gold_fans[key[4:]], value, draft.get("fan_stacking"), unit):
                reason = f"gold fan value {gold_fans[key[4:]]['value']}{gold_fans[key[4:]].get('unit') or unit or ''}"
        for trap in traps:
            tkey = trap["field"]
            tkey = f"fan:{canon_fan(tkey[10:-1])}" if tkey.startswith("fan_types[") else tkey
            if tkey == key and ("value" not in trap or same(value, trap["value"])):
                reason = f"trap: {trap['why']}"
        if reason:
            score.contradicted.append({"field": row.get("field"), "value": value, "sentence": row.get("sentence", ""),
                                       "why": reason})

    row_fields = [str(r.get("field", "")) for r in rows]
    row_keys = {k for k, _ in keyed}
    for raw, key in draft_leaves(draft):
        covered = key in row_keys or any(raw == f or raw.startswith(f + ".") or raw.startswith(f + "[")
                                         or f.startswith(raw) for f in row_fields)
        if not covered:
            score.unaccounted.append(raw)

    carried, listed, unhandled = listed_sentences(result)
    for sentence in gold.get("rule_sentences") or []:
        score.rules += 1
        if any(sentence_matches(sentence, c) for c in carried if c) or coverage(sentence, carried) >= 0.5:
            score.rules_carried += 1
        elif any(sentence_matches(sentence, s) for s in listed if s) or coverage(sentence, carried + listed) >= 0.5:
            score.rules_listed += 1
        else:
            score.rules_unlisted.append(sentence)
    for sentence in gold.get("non_rule_sentences") or []:
        if any(sentence_matches(sentence, s) for s in unhandled if s):
            score.headings_unhandled.append(sentence)
    return score


# ---------------------------------------------------------------- running and reporting


def run_case(case_dir: Path, runs: Path, games: int, rescore: bool) -> tuple[dict, dict]:
    """Run (or re-read) ``dslgen new`` on a case; return (result JSON, draft YAML document)."""
    out_json = runs / f"{case_dir.name}.json"
    if not rescore:
        draft_dir = runs / "drafts" / case_dir.name
        cmd = [sys.executable, "-m", "dslgen", "new", "--file", str((case_dir / "page.md").resolve()), "--games", str(games),
               "--json", "--jobs", "1", "--out", str(draft_dir)]
        # this checkout's code, wherever the installed package points (a worktree scores itself)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=tempfile.gettempdir(), env=env)
        out_json.write_text(done.stdout, encoding="utf-8")
        (runs / f"{case_dir.name}.err").write_text(done.stderr, encoding="utf-8")
    text = out_json.read_text(encoding="utf-8") if out_json.exists() else ""
    try:
        result = json.loads(text)
    except json.JSONDecodeError:
        return {"verdict": "error", "error": text[-500:]}, {}
    draft: dict = {}
    yaml_path = result.get("yaml")
    if yaml_path:
        path = Path(yaml_path)
        if not path.is_absolute():
            path = Path(tempfile.gettempdir()) / path
        if path.exists():
            draft = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return result, draft


def pct(a: int, b: int) -> str:
    """Percentage text, '—' when there is nothing to count."""
    return f"{100.0 * a / b:.1f}%" if b else "—"


def totals(scores: list[CaseScore]) -> dict[str, Any]:
    """Sums over all cases."""
    t = {
        "pages": len(scores),
        "facts": sum(s.facts for s in scores), "facts_carried": sum(s.facts_carried for s in scores),
        "facts_stated": sum(s.facts_stated for s in scores),
        "fans": sum(s.fans for s in scores), "fans_carried": sum(s.fans_carried for s in scores),
        "stated_but_contradicted": sum(len(s.contradicted) for s in scores),
        "unaccounted_values": sum(len(s.unaccounted) for s in scores),
        "rules": sum(s.rules for s in scores), "rules_carried": sum(s.rules_carried for s in scores),
        "rules_listed": sum(s.rules_listed for s in scores),
        "rules_unlisted": sum(len(s.rules_unlisted) for s in scores),
        "headings_unhandled": sum(len(s.headings_unhandled) for s in scores),
        "passing_drafts": sum(s.passed for s in scores),
    }
    by_path: dict[str, int] = {}
    for s in scores:
        for path in s.unaccounted:
            by_path[path] = by_path.get(path, 0) + 1
    t["unaccounted_by_path"] = dict(sorted(by_path.items(), key=lambda kv: -kv[1]))
    t["facts_carried_pct"] = round(100.0 * t["facts_carried"] / t["facts"], 1) if t["facts"] else None
    t["fans_carried_pct"] = round(100.0 * t["fans_carried"] / t["fans"], 1) if t["fans"] else None
    return t


def table(scores: list[CaseScore]) -> str:
    """The per-page table and the total line, as Markdown."""
    head = ("| page | facts | fan values | stated∧contradicted | unaccounted | rules unlisted | "
            "rules listed only | headings unhandled | verdict |")
    lines = [head, "|" + "---|" * 9]
    for s in scores:
        lines.append(f"| {s.id} | {s.facts_carried}/{s.facts} ({pct(s.facts_carried, s.facts)}) | "
                     f"{s.fans_carried}/{s.fans} ({pct(s.fans_carried, s.fans)}) | {len(s.contradicted)} | "
                     f"{len(s.unaccounted)} | {len(s.rules_unlisted)}/{s.rules} | {s.rules_listed} | "
                     f"{len(s.headings_unhandled)} | {s.verdict or 'error'} |")
    t = totals(scores)
    lines.append(f"| **total** | {t['facts_carried']}/{t['facts']} ({pct(t['facts_carried'], t['facts'])}) | "
                 f"{t['fans_carried']}/{t['fans']} ({pct(t['fans_carried'], t['fans'])}) | "
                 f"{t['stated_but_contradicted']} | {t['unaccounted_values']} | {t['rules_unlisted']}/{t['rules']} | "
                 f"{t['rules_listed']} | {t['headings_unhandled']} | {t['passing_drafts']}/{t['pages']} pass |")
    return "\n".join(lines)


def provenance() -> dict[str, str]:
    """When and against which commit the score was taken."""
    import datetime

    def git(*cmd: str) -> str:
        done = subprocess.run(["git", *cmd], capture_output=True, text=True, cwd=REPO)
        return done.stdout.strip()

    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain", "--", "dslgen", "engine"))}


def markdown(set_dir: Path, stamp: dict, scores: list[CaseScore]) -> str:
    """The score as a Markdown report: provenance, the table, and the evidence behind each count."""
    out = [f"# Unseen pages: {set_dir.name}", "",
           f"Scored {stamp['date']} against commit `{stamp['commit'][:12]}`"
           f"{' (dslgen/ or engine/ modified)' if stamp['dirty'] else ''} with "
           f"`python benchmarks/score_unseen.py {set_dir}` (`dslgen new --games 100`, offline drafter).", "",
           table(scores), "",
           "Unaccounted values by path: " + ", ".join(f"`{k}` ×{v}" for k, v in totals(scores)["unaccounted_by_path"].items()),
           ""]
    for s in scores:
        lines = []
        for c in s.contradicted:
            lines.append(f"- stated but contradicted: `{c['field']}` = `{c['value']}` from 「{c['sentence']}」 — {c['why']}")
        for m in s.missed_facts:
            lines.append(f"- fact missed: `{m['field']}` gold `{m['gold']}`, draft `{m['draft']}` (「{m['sentence']}」)")
        for m in s.missed_fans:
            lines.append(f"- fan missed: {m['name']} gold {m['gold']}{m['unit'] or ''}, draft `{m['draft']}`"
                         f" (stacking `{m['stacking']}`)")
        if s.unaccounted:
            lines.append(f"- in no value row: {', '.join(f'`{u}`' for u in s.unaccounted)}")
        for r in s.rules_unlisted:
            lines.append(f"- rule neither carried nor listed: 「{r}」")
        if s.headings_unhandled:
            lines.append(f"- non-rule lines reported as unhandled: {len(s.headings_unhandled)}")
        if s.error:
            lines.append(f"- error: {s.error}")
        if lines:
            out += [f"## {s.id}", "", *lines, ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set_dir", type=Path)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--json", dest="json_out", type=Path, help="write the scores here (default RUNS/score.json)")
    parser.add_argument("--runs", type=Path, help="where drafts and raw results go (default a new temp dir)")
    parser.add_argument("--rescore", action="store_true", help="score saved RUNS/<id>.json again, run nothing")
    parser.add_argument("--only", action="append", default=[], help="score only these case ids")
    parser.add_argument("--md", type=Path, help="also write the table and the evidence as Markdown here")
    args = parser.parse_args(argv)
    if not args.set_dir.is_dir():
        fail(f"{args.set_dir}: not a directory")
    cases = sorted(p for p in args.set_dir.iterdir() if (p / "gold.yaml").exists() and (p / "page.md").exists())
    if args.only:
        cases = [c for c in cases if c.name in args.only]
    if not cases:
        fail(f"{args.set_dir}: no <case>/page.md + gold.yaml")
    if args.rescore and not args.runs:
        fail("--rescore needs --runs DIR")
    runs = args.runs or Path(tempfile.mkdtemp(prefix="score-unseen-"))
    runs.mkdir(parents=True, exist_ok=True)
    scores = []
    for case in cases:
        print(f"… {case.name}", file=sys.stderr, flush=True)
        result, draft = run_case(case, runs.resolve(), args.games, args.rescore)
        score = score_case(case, result, draft)
        if result.get("verdict") == "error":
            score.error = str(result.get("error", ""))
        scores.append(score)
    print(table(scores))
    stamp = provenance()
    report = {"set": str(args.set_dir), "games": args.games, **stamp, "totals": totals(scores),
              "pages": [s.__dict__ for s in scores]}
    if args.md:
        args.md.write_text(markdown(args.set_dir, stamp, scores), encoding="utf-8")
    out = args.json_out or runs / "score.json"
    out.write_text(json.dumps(report, ensure_ascii=False, indent=2, default=str), encoding="utf-8")
    print(f"\nJSON: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

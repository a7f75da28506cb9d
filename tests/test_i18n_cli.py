"""``buraco-learn check-meld`` in Italian and Brazilian Portuguese (issue 18): ``LANG`` or ``--lang``.

Same exit statuses and the same JSON keys and codes as in English; only the text for
people changes. English stays what it was.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_learn.cli import language_of, main

STDIN = "5H 6H 7H\n2S 2H 2D\n5H 5X\n\n3H 4H JK 6H 7H 8H 9H\nKH AH 2H 3H\n"
ENGLISH_WORDS = ("legal", "illegal", "meld", "wild", "joker", "invalid card notation", "cannot", " error: ", "line ")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "buraco_learn", *args], input=stdin, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env=environment)


def in_process(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def no_english(text: str) -> None:
    for line in text.splitlines():
        line = line.split(": ", 1)[-1] if not line.startswith("{") else line  # the meld as typed comes first
        for word in ENGLISH_WORDS:
            assert word not in line.replace("'Melds'", ""), (word, line)


def test_lang_it_from_the_environment_answers_in_italian_with_the_same_exit_status() -> None:
    english = run("check-meld", "2S", "2H", "2D")
    italian = run("check-meld", "2S", "2H", "2D", env={"LANG": "it_IT.UTF-8"})
    assert english.returncode == italian.returncode == 1
    assert "illegal: A meld cannot be made of wild cards alone" in english.stdout
    assert italian.stdout == "2S 2H 2D: Questa combinazione non è valida. Una combinazione non può essere fatta di sole matte: " \
                             "tre pinelle non fanno un tris (002 'Melds').\n"
    for stdin_env in ({"LANG": "it_IT.UTF-8"}, {"LC_ALL": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}):
        result = run("check-meld", stdin=STDIN, env=stdin_env)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        no_english(result.stdout)
        assert "riga 3: carta scritta male '5X'" in result.stderr


@pytest.mark.parametrize(("args", "env"), [(["--lang", "pt_BR"], {}), (["--lang=pt-BR"], {"LANG": "it_IT.UTF-8"}),
                                           ([], {"LANG": "pt_BR.UTF-8"})])
def test_json_keeps_its_keys_and_codes_in_portuguese(args: list[str], env: dict[str, str]) -> None:
    english = run("check-meld", "--json", stdin=STDIN)
    portuguese = run("check-meld", *args, "--json", stdin=STDIN, env=env)
    assert english.returncode == portuguese.returncode == 2
    lines_en = [json.loads(line) for line in english.stdout.splitlines()]
    lines_pt = [json.loads(line) for line in portuguese.stdout.splitlines()]
    assert len(lines_en) == len(lines_pt) == 6
    text_keys = {"reason", "explanations", "error"}
    for en, pt in zip(lines_en, lines_pt):
        assert list(en) == list(pt)  # the same keys, in the same order
        assert {key: value for key, value in en.items() if key not in text_keys} == \
               {key: value for key, value in pt.items() if key not in text_keys}
        for key in text_keys & set(en):
            assert en[key] != pt[key] or en[key] == [], key
    no_english("\n".join(line.get("reason", line.get("error", "")) for line in lines_pt))
    assert lines_pt[1]["reason"].startswith("Este jogo não é válido. Um jogo não pode ser feito só de curingas")
    assert lines_pt[4]["reason"] == "sequência suja válida: 3♥ 4♥ JK 6♥ 7♥ 8♥ 9♥, um burraco sujo; o coringa vale como 5♥"


def test_english_output_is_unchanged() -> None:
    expected = [
        "5H 6H 7H: legal clean run 5♥ 6♥ 7♥",
        "2S 2H 2D: illegal: A meld cannot be made of wild cards alone: three 2s are not a set (002 'Melds').",
        "5H 5X: error: invalid card notation '5X' in '5H 5X': a card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) "
        "and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker",
        ": illegal: No cards were given; a meld needs at least 3 (002 'Melds').",
        "3H 4H JK 6H 7H 8H 9H: legal dirty run 3♥ 4♥ JK 6♥ 7♥ 8♥ 9♥, a dirty burraco: the joker stands for 5♥",
        "KH AH 2H 3H: illegal: A run cannot turn the corner from King through Ace to 2: K-A-2 is not a run (002 'Melds').",
    ]
    plain = run("check-meld", stdin=STDIN)
    assert plain.stdout.splitlines() == expected and plain.returncode == 2
    for args, env in ((["--lang", "en"], {"LANG": "it_IT.UTF-8"}), ([], {"LANG": "C.UTF-8"}), ([], {"LANG": "fr_FR.UTF-8"})):
        result = run("check-meld", *args, stdin=STDIN, env=env)
        assert (result.stdout, result.returncode) == (plain.stdout, plain.returncode), (args, env)
        assert [line for line in result.stderr.splitlines() if line.startswith("buraco-learn")] == \
               [line for line in plain.stderr.splitlines() if line.startswith("buraco-learn")]
    english_json = run("check-meld", "--json", stdin=STDIN)
    assert run("check-meld", "--json", "--lang", "en", stdin=STDIN, env={"LANG": "pt_BR.UTF-8"}).stdout == english_json.stdout


def test_lang_is_taken_before_or_after_the_command_and_an_unknown_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    before = in_process(["--lang", "it", "check-meld", "5H", "6H", "7H"])
    after = in_process(["check-meld", "5H", "6H", "7H", "--lang", "it"])
    assert before == after == (0, "5H 6H 7H: scala pulita valida: 5♥ 6♥ 7♥\n", "")
    status, out, err = in_process(["check-meld", "--lang", "klingon", "5H"])
    assert status == 2 and out == "" and err.count("\n") == 1 and "unknown language 'klingon'" in err
    status, out, err = in_process(["check-meld", "--lang", "it", "7H", "", "9H"])
    assert status == 2 and err.startswith("buraco-learn check-meld: una carta vuota")
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert in_process(["check-meld", "KS", "KD", "2C"]) == (0, "KS KD 2C: trinca suja válida: K♠ K♦ 2♣; o 2♣ vale como rei\n", "")
    assert in_process(["score", "--help"])[0] == 0


def test_the_language_of_a_command_line() -> None:
    assert language_of(["check-meld", "--lang", "pt-BR"], {}) == "pt_BR"
    assert language_of(["--lang=it", "check-meld"], {"LANG": "pt_BR"}) == "it"
    assert language_of(["check-meld", "--", "--lang", "it"], {}) == "en"
    assert language_of(["check-meld"], {"LC_ALL": "it_IT.UTF-8"}) == "it"
    assert language_of(["check-meld", "--lang", "xx"], {"LANG": "pt_BR.UTF-8"}) == "pt_BR"


def test_the_help_is_in_the_language() -> None:
    result = run("check-meld", "--help", env={"LANG": "it_IT.UTF-8"})
    assert result.returncode == 0 and "Codice di uscita" in result.stdout and "--lang LANG" in result.stdout


SHEET = {"closed_by": "noi", "sides": {
    "noi": {"melds": [["5H", "6H", "7H", "8H", "9H", "10H", "JH"], ["KS", "KD", "KH"]], "hands": [[]], "pot": "taken"},
    "voi": {"melds": [["QS", "QD", "QC"]], "hands": [["2C", "JK"]], "pot": "not-taken"}}}


def test_score_answers_in_italian_and_portuguese_with_the_same_totals_json_and_exit_statuses(tmp_path: Path) -> None:
    """``score``, the command that settles an argument over a hand: its table, its refusals, the same numbers."""
    sheet = tmp_path / "mano.json"
    sheet.write_text(json.dumps(SHEET), encoding="utf-8")
    english = run("score", str(sheet))
    italian = run("score", str(sheet), env={"LANG": "it_IT.UTF-8"})
    assert english.returncode == italian.returncode == 0
    assert "total for noi" in english.stdout and "in hand: 2♣ joker" in english.stdout  # a joker by its name
    assert "noi (ha chiuso la mano)" in italian.stdout and "burraco pulito 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥" in italian.stdout
    assert "in mano: 2♣ jolly" in italian.stdout and "pozzetto non preso" in italian.stdout
    assert italian.stdout.splitlines()[-1] == "Totali: noi 385, voi -120"
    assert english.stdout.splitlines()[-1] == "Totals: noi 385, voi -120"
    for word in ("total for", "closed the hand", "in hand", "meld ", "not taken", "Totals"):
        assert word not in italian.stdout, word
    as_json = [json.loads(run("score", "--json", str(sheet), env=env).stdout) for env in ({}, {"LANG": "pt_BR.UTF-8"})]
    assert as_json[0] == as_json[1]  # the keys, the numbers and the lines' labels do not change with the language
    short = dict(SHEET, sides={**SHEET["sides"], "noi": {**SHEET["sides"]["noi"], "melds": [["5H", "6H"]]}})
    sheet.write_text(json.dumps(short), encoding="utf-8")
    refused = run("score", str(sheet), env={"LANG": "pt_BR.UTF-8"})
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("buraco-learn score: folha de pontos inválida: dupla 'noi', jogo 1 (5H 6H): não vale.")
    missing = run("score", str(tmp_path / "none.json"), env={"LANG": "it_IT.UTF-8"})
    assert missing.returncode == 2 and "il file non esiste" in missing.stderr


def test_score_s_rule_refusals_name_the_rule_in_italian_and_quote_the_document_as_written(tmp_path: Path) -> None:
    kings = dict(SHEET, sides={**SHEET["sides"], "noi": {**SHEET["sides"]["noi"],
                                                         "melds": [["KS", "KD", "KH"], ["KC", "KD", "KS"]]}})
    twins = dict(SHEET, sides={**SHEET["sides"], "voi": {**SHEET["sides"]["voi"], "hands": [["5H", "5H", "5H"]]}})
    no_pot = dict(SHEET, sides={**SHEET["sides"], "voi": {"melds": [], "hands": [["5S"]]}})
    expected = [
        (kings, "la squadra 'noi' ha due tris di re (", "ogni squadra può averne uno solo per valore",
         "(002 'Melds': \"Your side may have only one set of each rank\")"),
        (twins, "4 copie del 5♥ (squadra 'noi', combinazione 1; squadra 'voi', mano 1;", "il mazzo ha solo 2 copie di ogni carta", "(002 'Overview': \""),
        (no_pot, "la squadra 'voi' non dice nulla del pozzetto", "\"taken\" (preso)", "(002 'Setup')"),
    ]
    for number, (data, *pieces) in enumerate(expected):
        sheet = tmp_path / f"foglio{number}.json"
        sheet.write_text(json.dumps(data), encoding="utf-8")
        result = run("score", str(sheet), env={"LANG": "it_IT.UTF-8"})
        assert result.returncode == 2 and result.stderr.startswith("buraco-learn score: foglio dei punti non valido: ")
        for piece in pieces:
            assert piece in result.stderr, (piece, result.stderr)
        assert "side '" not in result.stderr and " but " not in result.stderr


def test_rules_lists_its_options_and_saves_a_house_ruleset_in_the_language(tmp_path: Path) -> None:
    english = run("rules", "--options")
    italian = run("rules", "--options", env={"LANG": "it_IT.UTF-8"})
    assert english.returncode == italian.returncode == 0
    assert len(english.stdout.splitlines()) == len(italian.stdout.splitlines())  # one line per option in both
    assert "players (default 4): " in english.stdout
    assert "players: Giocatori al tavolo (di base: 4) Quanti giocatori siedono al tavolo. Valori: da 2 a 6." in italian.stdout
    saved = run("rules", "--rules", "italian", "--option", "target=1005", "--name", "Clube", "--save",
                str(tmp_path / "clube.json"), env={"LANG": "pt_BR.UTF-8"})
    assert saved.returncode == 0 and saved.stdout.startswith("salvo: Clube: italian (002) com "), saved.stdout
    assert f"em {tmp_path / 'clube.json'}: jogue com --rules " in saved.stdout
    both = run("rules", "italian", "--rules", "cutthroat", env={"LANG": "it_IT.UTF-8"})
    assert both.returncode == 2 and "indica il regolamento una volta sola" in both.stderr


#: Every command's help: its own words and argparse's (headings, "show this help message and exit").
HELP_ENGLISH = ("usage:", "positional arguments", "options:", "show this help message and exit", "the language of messages",
                "serve the lessons", "how many hands", "hands per preset", "level A", "runs per benchmark", "the record (",
                "the folder to write", "ruleset: a preset", "Score a hand from", "print one JSON object")


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
def test_every_commands_help_and_argparses_own_words_are_in_the_language(lang: str) -> None:
    from buraco_learn.cli import COMMANDS

    texts = [in_process(["--lang", lang, "--help"])[1]]
    texts += [in_process(["--lang", lang, command, "--help"])[1] for command in COMMANDS]
    assert all(texts)
    for text in texts:
        for english in HELP_ENGLISH:
            assert english not in text, (english, text[:400])
    assert {"it": "uso: buraco-learn", "pt_BR": "uso: buraco-learn"}[lang] in texts[0]
    assert {"it": "mostra questo aiuto ed esci", "pt_BR": "mostra esta ajuda e sai"}[lang] in texts[1]
    assert '{"closed_by": SIDE or null' in " ".join(" ".join(texts).split())  # the score sheet's JSON shape as written


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
def test_the_other_commands_refuse_and_report_in_the_language_with_the_same_exit_statuses(lang: str, tmp_path: Path) -> None:
    """selfplay, replay, simulate, arena, bench and serve: a command line argparse refuses, a refusal of the
    command's own, and what a run prints; the exit statuses are the English ones."""
    cases = [(["selfplay", "--seed", "1"], 2, {"it": "servono questi argomenti: --hands", "pt_BR": "estes argumentos são obrigatórios: --hands"}),
             (["selfplay", "--hands", "0", "--seed", "1"], 2, {"it": "--hands deve essere almeno 1", "pt_BR": "--hands precisa ser pelo menos 1"}),
             (["selfplay", "--hands", "1", "--seed", "1", "--bots", "genius"], 2,
              {"it": "livello di bot sconosciuto 'genius'", "pt_BR": "nível de robô desconhecido 'genius'"}),
             (["replay", str(tmp_path / "none.json")], 2, {"it": "impossibile leggere", "pt_BR": "não foi possível ler"}),
             (["simulate", "--hands", "0"], 2, {"it": "--hands deve essere almeno 1", "pt_BR": "--hands precisa ser pelo menos 1"}),
             (["arena", "--a", "random", "--b", "nobody"], 2, {"it": "livello sconosciuto 'nobody' per --b", "pt_BR": "nível desconhecido 'nobody' para --b"}),
             (["bench", "nothing"], 2, {"it": "benchmark sconosciuto 'nothing'", "pt_BR": "benchmark desconhecido 'nothing'"}),
             (["serve", "--port", "99999"], 2, {"it": "--port 99999 non valido", "pt_BR": "--port 99999 inválido"}),
             (["serve", "--bogus"], 2, {"it": "argomenti non riconosciuti: --bogus", "pt_BR": "argumentos não reconhecidos: --bogus"}),
             (["selfplay", "--hands", "1", "--seed", "3", "--option", "source=001"], 2,
              {"it": "--option source non valido", "pt_BR": "--option source inválido"})]
    for argv, status, said in cases:
        english_status, _out, english_err = in_process(argv)
        got, out, err = in_process(["--lang", lang, *argv])
        assert got == english_status == status, (argv, got, err)
        assert said[lang] in err, (argv, err)
        assert err != english_err
    record = tmp_path / "game.json"
    status, out, _err = in_process(["--lang", lang, "selfplay", "--hands", "1", "--seed", "2", "--quiet", "--record", str(record)])
    assert status == 0 and {"it": "1 mano di italian, seme 2", "pt_BR": "1 mão de italian, semente 2"}[lang] in out
    assert {"it": "registrazione scritta in", "pt_BR": "registro escrito em"}[lang] in out
    status, out, _err = in_process(["--lang", lang, "replay", str(record), "--verify"])
    assert status == 0 and {"it": "ok: 1 mano rigiocata", "pt_BR": "ok: 1 mão rejogada"}[lang] in out
    english = in_process(["selfplay", "--hands", "1", "--seed", "2", "--quiet", "--record", "-"])[1]
    assert in_process(["--lang", lang, "selfplay", "--hands", "1", "--seed", "2", "--quiet", "--record", "-"])[1] == english  # the record


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
def test_a_ruleset_refused_on_the_command_line_is_refused_in_the_language(lang: str, tmp_path: Path) -> None:
    """The engine's own checks of a ruleset (buraco_learn.rules) and of a ruleset file, where a command line meets them."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"base": "italian", "players": 5}', encoding="utf-8")
    cases = [(["rules", "--option", "players=9", "--save", str(tmp_path / "x.json")],
              {"it": "l'opzione 'players' deve essere tra 2 e 6, non 9", "pt_BR": "a opção 'players' precisa estar entre 2 e 6, não 9"}),
             (["selfplay", "--hands", "1", "--seed", "1", "--rules", "italain"],
              {"it": "(forse 'italian'?)", "pt_BR": "(você quis dizer 'italian'?)"}),
             (["selfplay", "--hands", "1", "--seed", "1", "--option", "pile_take=any-depth", "--option", "pile_visible=top"],
              {"it": "si raccolgono gli scarti fino a una carta che si vede", "pt_BR": "pega-se o lixo até uma carta que dá para ver"}),
             (["selfplay", "--hands", "1", "--seed", "1", "--rules", str(bad)],
              {"it": "il gioco a coppie è per 4 giocatori", "pt_BR": "o jogo em duplas é para 4 jogadores"}),
             (["selfplay", "--hands", "1", "--seed", "1", "--rules", str(tmp_path / "none.json")],
              {"it": "il file di regolamento", "pt_BR": "o arquivo de regulamento"})]
    for argv, said in cases:
        english_status, _out, english_err = in_process(argv)
        status, _out, err = in_process(["--lang", lang, *argv])
        assert status == english_status == 2, (argv, err)
        assert said[lang] in err and err != english_err, (argv, err)

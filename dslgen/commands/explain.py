"""``dslgen explain FILE``: a rule file read back as a Chinese 玩法说明 (text, Markdown or HTML)."""

from __future__ import annotations

import click

FORMATS = ("text", "markdown", "html")


@click.command("explain")
@click.argument("rules_file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="输出格式：text 纯文本，markdown，html（自包含页面）。")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=str),
              help="写入这个文件，而不是打印。")
@click.option("--no-example", is_flag=True, help="不模拟，不给算例（只读规则）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出玩法说明的各节。")
def command(rules_file: str, fmt: str, out_path: str | None, no_example: bool, as_json: bool) -> None:
    """把规则文件写成中文玩法说明：牌、发牌、行牌、胡牌、番型（番数与互斥）、结算，并附一个引擎算出的算例。"""
    from dslgen.output import console, print_json
    from dslgen.review.rulesheet import render_html, render_markdown, render_text, sheet_of_rules
    from dslgen.rulefile import load_playable

    rf = load_playable(rules_file)
    sheet = sheet_of_rules(rf.rules, example=not no_example, path_hint=rules_file)
    if as_json:
        print_json({"file": rules_file, **sheet.to_json()})
        return
    text = {"text": render_text, "markdown": render_markdown, "html": render_html}[fmt](sheet)
    if out_path:
        from dslgen.errors import UsageError
        from dslgen.rulefile.yamlio import write_atomic

        try:
            write_atomic(out_path, text)
        except OSError as exc:
            raise UsageError(f"无法写入文件：{exc.strerror or exc}", where=out_path, hint="请检查路径和权限") from None
        console(stderr=True).print(f"玩法说明已写入 {out_path}", markup=False)
    else:
        click.echo(text, nl=False)

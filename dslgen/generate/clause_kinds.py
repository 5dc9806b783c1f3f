"""Lines and sentences of a rule page that state no rule: what kind each is, from wording tables.

A real page holds more than rules: headings (``【庄家规则】``, ``第三章，游戏规则``, ``一、游戏概述：``),
navigation and page furniture (``[主页] > …``, images, dates), advertising and download boilerplate
(``邀请好友，创建房间……``, ``App``), background prose (``……是一种地方特色浓厚的棋牌游戏``), lobby and
interface behaviour (``三人准备后，第四人开始15秒倒计时``), worked examples (``比如翻出的是2万……``), lines of bare
labels (``序数牌 万子 饼子 条子 花牌``), unchecked to-do items (``- [ ] 更多番型``) and the parts of a page about other
regions or variants (:func:`variant_parts`: ``地区特色变体`` / ``曲靖麻将：幺鸡为万能牌``). The reader
reads none of them as a rule; it lists them apart (:attr:`dslgen.generate.description_facts.Facts.not_rules`)
with their kind, so a reviewer sees them and a draft is not failed for them.

:func:`line_kind` judges a whole line of the page (before it is cut into sentences), :func:`sentence_kind` a
sentence, :func:`starts_example` a clause (an example runs from its marker to the end of its sentence).
"""

from __future__ import annotations

import re

#: Kind → what the reviewer is told (Simplified Chinese, shown beside the sentence).
KINDS: dict[str, str] = {
    "heading": "标题或表头，不是规则",
    "navigation": "页面导航、图片或页面信息，不是规则",
    "advertising": "广告、下载或建房说明，不是规则",
    "background": "背景介绍，不是规则",
    "lobby": "游戏大厅或界面的操作说明，不是牌桌规则",
    "example": "举例说明，例子本身不陈述规则",
    "todo": "待办清单里尚未完成的一项（功能计划），不是规则",
    "variant": "别的地区或变体的玩法（页面在比较各地差异），不是本玩法的规则",
    "options": "建房时的选项列表（局数、支付方式……），不是牌桌规则",
}

#: A short title line (no sentence punctuation): where a part of the page begins.
_TITLE = re.compile(r"^[#【\[\s]*[^，。；;：:,，\d|]{2,14}[】\]]?\s*$")
#: A title opening a part about other regions or variants (``地区特色变体``, ``其他地区玩法``, ``各地差异``).
_VARIANTS_TITLE = re.compile(r"变体|变种|其他地区|其它地区|各地区|不同地区|各地(?:的)?(?:玩法|特色|差异|规则)|地区差异|地区特色|"
                             r"其他玩法|其它玩法|别的玩法|其他变化")


def variant_parts(lines: list[str]) -> list[bool]:
    """For each page line, True when it lies in a part of the page titled as being about other regions or variants
    (from such a title to the next title): ``地区特色变体`` / ``曲靖麻将：幺鸡为万能牌`` states 曲靖's rule, not this one's."""
    out, inside = [], False
    for line in lines:
        text = line.strip()
        if text and _TITLE.match(text):
            inside = bool(_VARIANTS_TITLE.search(text))
            out.append(False)
            continue
        out.append(inside and bool(text))
    return out

#: A heading line: markdown ``#``, 【…】 alone, a numbered chapter / part title, a short label ending with a colon.
_HEADING_LINE = (
    r"^#{1,6}\s*[^\d|]{0,40}$",
    r"^[【\[][^】\]]{1,20}[】\]]\s*[:：]?\s*$",
    r"^第[一二三四五六七八九十\d]+[章节部分篇条][，,、\s]*[^，。；\d]{0,12}$",
    r"^[一二三四五六七八九十]+[、.．]\s*[^，。；\d]{1,12}[:：]?\s*$",
    r"^(?:\d+(?:\.\d+)*[.、．]?|[•·*-])\s*[^，。；\d]{1,10}[:：]\s*$",
    r"^[^，。；\d:：|]{1,12}[:：]\s*$",
    r"^(?:引言|前言|总结|结语|简介|概述|相关|目录|界面|图文解析|游戏说明|游戏浏览|规则说明|术语说明|基本说明|玩法介绍)\s*$",
)
_HEADING = re.compile("|".join(f"(?:{p})" for p in _HEADING_LINE))
#: A table header row: only column names.
_HEADER_ROW = re.compile(r"^[\s|]*(?:(?:番型|番种|牌型|台种|番数|台数|分数|倍数|名称|说明|叙述|描述|牌型说明|备注|计分|得分)[\s|]*){2,}$")

_NAVIGATION = re.compile(
    r"!\[|\]\(|^\[[^\]]*\]\s*>|https?://|www\.|\.(?:svg|png|jpe?g|gif)\b|◷|✍|\d{4}-\d{2}-\d{2}\s+\d{1,2}:\d{2}"
    r"|上一篇|下一篇|相关阅读|返回顶部|版权所有|免责声明")
_ADVERTISING = re.compile(
    r"邀请[^，。]{0,6}好友|创建房间|房间号|下载|安装包|\bApp\b|\bAPP\b|app|二维码|扫码|公众号|娱乐城|官网|充值|欢乐豆|金币|钻石"
    r"|不妨到|立即体验|快来|赢钱必备|限额|客服")
_BACKGROUND = re.compile(
    r"是一种|流行(?:在|于)|比较盛行|深受|喜爱|本文|本篇|小编|为您|帮您|希望|相信|祝大家|图文并茂|初学者|供大家参考"
    r"|越来越流行|联络感情|逢年过节")
_LOBBY = re.compile(r"准备后|倒计时|\d+\s*秒(?!杀)|托管|掉线|断线|点击|按钮|系统自动|超时")
_EXAMPLE = re.compile(r"^(?:比如|例如|譬如|举例|举个例子|打个比方|例子|例|如|ex|EX|Ex)\s*[:：]|比如|例如|譬如|举例来说|举个例子|打个比方")


#: A line of bare labels (``序数牌 万 饼 条 番子牌 风牌 箭牌 花牌``): four or more words apart, no punctuation, digit or verb.
_LABEL_LIST = re.compile(r"^(?:[^\s，。；;：:、,\d|]{1,10}\s+){3,}[^\s，。；;：:、,\d|]{1,10}$")
_VERB = re.compile(r"可以|能|不|没|无|有|是|为|算|计|加|付|给|胡|和牌|吃|碰|杠|摸|打")


def line_kind(line: str) -> str:
    """The non-rule kind of a whole page line (``""``: it may hold rules)."""
    text = line.strip()
    if not text:
        return ""
    if re.match(r"^[-*+]\s*\[\s\]", text):  # "- [ ] 更多番型": an unchecked to-do item
        return "todo"
    if _NAVIGATION.search(text) or _LABEL_LIST.match(text) and not _VERB.search(text):
        return "navigation"
    if _HEADER_ROW.match(text) or _HEADING.match(text) and not re.search(r"\d\s*(?:番|台|分|倍)", text):
        return "heading"
    return ""


def sentence_kind(sentence: str) -> str:
    """The non-rule kind of a sentence (``""``: it may hold rules)."""
    if _ADVERTISING.search(sentence):
        return "advertising"
    if _LOBBY.search(sentence):
        return "lobby"
    if _BACKGROUND.search(sentence):
        return "background"
    return ""


def starts_example(clause: str) -> bool:
    """True when ``clause`` begins a worked example (比如 / 例如 / 如：…): it and the rest of its sentence state nothing."""
    return bool(_EXAMPLE.search(clause))


#: A line of room options (``人数：4人玩法 / 3人玩法``, ``封顶：三番 / 四番``, ``封顶：20/30 30/40/50``): a label, a colon,
#: then two or more different choices, each with a count, set apart by ``/`` ``|`` ``或`` or spaces. A list of choices
#: is not a rule: whatever a reader finds in it is an open question, never a value.
_OPTION_LINE = re.compile(r"^([^\d\s:：，。；/|]{1,6})\s*[:：]\s*(.+)$")
_OPTION_SEPARATOR = re.compile(r"\s*(?:[/|｜]|或者|或)\s*|\s+")
_OPTION_ITEM = re.compile(r"^[^\s:：，。；]{0,6}?[\d一二两三四五六七八九十]+[^\s:：，。；]{0,4}$")
#: A sentence opening with one of those choices as its condition (``30/40/50封顶时:……``): it holds for that room
#: option only.
OPTION_CONDITION = re.compile(r"^\d+(?:\s*/\s*\d+)+[^，。；:：\d]{0,4}?(?:时|的时候|的话|情况下)")


def option_choices(clause: str) -> list[str]:
    """The choices of a room-option line (:data:`_OPTION_LINE`), or ``[]`` when ``clause`` is not one."""
    m = _OPTION_LINE.match(clause.strip())
    if not m:
        return []
    items = [item for item in _OPTION_SEPARATOR.split(m.group(2).strip()) if item]
    if len(items) < 2 or len(set(items)) < 2 or not all(_OPTION_ITEM.match(item) for item in items):
        return []
    return items

"""Lines and sentences of a rule page that state no rule: what kind each is, from wording tables.

A real page holds more than rules: headings (``【庄家规则】``, ``第三章，游戏规则``, ``一、游戏概述：``),
navigation and page furniture (``[主页] > …``, images, dates), advertising and download boilerplate
(``邀请好友，创建房间……``, ``App``), background prose (``……是一种地方特色浓厚的棋牌游戏``), lobby and
interface behaviour (``三人准备后，第四人开始15秒倒计时``) and worked examples (``比如翻出的是2万……``). The reader
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
}

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


def line_kind(line: str) -> str:
    """The non-rule kind of a whole page line (``""``: it may hold rules)."""
    text = line.strip()
    if not text:
        return ""
    if _NAVIGATION.search(text):
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

// The table page: talks to /api/tables, which drives the engine's observation / legal actions / apply.
"use strict";
(function () {
  const root = document.getElementById("table");
  const token = document.querySelector('meta[name="dslgen-token"]').content;
  const CLAIM_SECONDS = 8;
  let tableId = null;
  let timer = null;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;  // textContent: never parsed as HTML
    return e;
  }

  async function call(url, body) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Dslgen-Token": token },
      body: JSON.stringify(body || {}),
    });
    const data = await res.json();
    if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), { view: data.view });
    return data;
  }

  // a tile as its mahjong glyph (bundled font mahjong-tiles.ttf) above its name
  function face(t) {
    return [el("span", { class: "glyph", "aria-hidden": "true" }, t.glyph || ""), el("span", { class: "name" }, t.name)];
  }

  function tile(t, wilds, cls) {
    const span = el("span", { class: "tile" + (cls ? " " + cls : ""), title: t.name });
    span.append(...face(t));
    if (wilds.has(t.code)) span.classList.add("wild");
    return span;
  }

  function render(v) {
    clearInterval(timer);
    document.getElementById("timer").textContent = "";
    const wilds = new Set(v.wilds.map((w) => w.code));
    const info = document.getElementById("info");
    info.replaceChildren();
    info.append(el("p", {}, `${v.name} · 你坐 座位${v.seat}` + (v.seat === v.dealer ? "（庄）" : "") +
      ` · 牌墙剩余 ${v.wall_remaining} 张`));
    if (v.wilds.length) {
      const p = el("p", {}, "癞子（精）：");
      v.wilds.forEach((w) => p.append(tile(w, wilds)));
      info.append(p);
    }
    const players = document.getElementById("players");
    players.replaceChildren();
    for (const p of v.players) {
      const box = el("div", { class: "player" + (p.won ? " won" : ""), "data-seat": p.seat });
      box.append(el("strong", {}, p.label + (p.won ? " 已胡" : "")), el("span", { class: "dim" }, ` 手牌 ${p.hand_size} 张`));
      const melds = el("div", { class: "tiles" });
      p.melds.forEach((m) => m.tiles.forEach((t) => melds.append(tile(t, wilds))));
      p.flowers.forEach((t) => melds.append(tile(t, wilds, "flower")));
      const discards = el("div", { class: "tiles discards" });
      p.discards.forEach((t) => discards.append(tile(t, wilds)));
      box.append(melds, el("div", { class: "dim" }, "弃牌："), discards);
      players.append(box);
    }
    const hand = document.getElementById("hand");
    hand.replaceChildren();
    const discardBy = new Map();
    v.legal.filter((a) => a.kind === "discard").forEach((a) => discardBy.set(a.tile, a.index));
    for (const t of v.hand) {
      if (discardBy.has(t.code)) {
        const b = el("button", { class: "tile", "data-action": discardBy.get(t.code), title: `打出 ${t.name}` });
        b.append(...face(t));
        if (wilds.has(t.code)) b.classList.add("wild");
        b.addEventListener("click", () => act(Number(b.dataset.action)));
        hand.append(b);
      } else hand.append(tile(t, wilds));
    }
    const actions = document.getElementById("actions");
    actions.replaceChildren();
    for (const a of v.legal) {
      const b = el("button", { class: "action", "data-kind": a.kind, "data-action": a.index }, a.label);
      b.addEventListener("click", () => act(a.index));
      actions.append(b);
    }
    const status = document.getElementById("status");
    if (v.over) status.textContent = "本局结束";
    else if (v.legal.length) status.textContent = v.reaction ? "可以吃碰杠胡：请选择（超时自动过）" : "轮到你：点一张手牌打出，或选择动作";
    else status.textContent = "等待其他玩家……";
    if (v.reaction && !v.over) {
      let left = CLAIM_SECONDS;
      const pass = v.legal.find((a) => a.kind === "pass");
      document.getElementById("timer").textContent = `${left} 秒后自动过`;
      timer = setInterval(() => {
        left -= 1;
        document.getElementById("timer").textContent = `${left} 秒后自动过`;
        if (left <= 0) { clearInterval(timer); if (pass) act(pass.index); }
      }, 1000);
    }
    const result = document.getElementById("result");
    result.replaceChildren();
    for (const w of v.wins) {
      const box = el("div", { class: "win" });
      const sum = w.doubled ? `合计 ${w.fan_total} 番，得分 ${w.total} 分` : `合计 ${w.total} 番`;
      box.append(el("strong", {}, `${w.who} ${w.self_drawn ? "自摸" : "胡"} ${w.tile}：${sum}`));
      box.append(el("p", { class: "winning-hand" }, `手牌 ${w.hand}` + (w.melds.length ? `，副露 ${w.melds.join(" ")}` : "")));
      const ul = el("ul", { class: "fans" });
      w.fans.forEach((f) => ul.append(el("li", {}, `${f.name} ${f.value} 番`)));
      w.bonuses.forEach((f) => ul.append(el("li", {}, `${f.name} ${f.value}`)));
      box.append(ul, el("p", { class: "payments" }, "支付：" + w.payments.map((x, s) => `座位${s} ${x >= 0 ? "+" : ""}${x}`).join("，")));
      result.append(box);
    }
    const signed = (p) => p.map((x, s) => `座位${s} ${x >= 0 ? "+" : ""}${x}`).join("，");
    if (v.end && v.adjustments.length) {
      const extra = el("ul", { id: "adjustments" });
      v.adjustments.forEach((a) => extra.append(el("li", {}, `${a.label}：${signed(a.payments)}`)));
      result.append(el("p", {}, "胡牌以外的结算（所以净输赢与上面的支付不同）："), extra);
    }
    if (v.end) {
      result.append(el("p", { id: "final" }, "净输赢：" + v.end.payments.map((x, s) => `座位${s} ${x >= 0 ? "+" : ""}${x}`).join("，")));
    }
    const log = document.getElementById("log");
    log.replaceChildren();
    v.log.forEach((line) => log.append(el("li", {}, line)));
    log.scrollTop = log.scrollHeight;
    root.dataset.over = v.over ? "1" : "0";
  }

  async function act(index) {
    clearInterval(timer);
    root.dataset.busy = "1";
    document.querySelectorAll("#actions button, #hand button").forEach((b) => { b.disabled = true; });
    try {
      render(await call(`/api/tables/${tableId}/act`, { index }));
    } catch (e) {
      document.getElementById("status").textContent = e.message;
      if (e.view) render(e.view);
    } finally {
      root.dataset.busy = "0";
    }
  }

  async function start() {
    try {
      const v = await call("/api/tables", { variant: root.dataset.variant, draft: root.dataset.draft, seed: Number(root.dataset.seed),
                                            difficulty: Number(root.dataset.difficulty || 0) });
      tableId = v.id;
      render(v);
      root.dataset.busy = "0";
    } catch (e) {
      document.getElementById("status").textContent = "无法开局：" + e.message;
    }
  }
  const level = document.getElementById("difficulty");
  if (level) level.addEventListener("change", () => level.form.submit());
  start();
})();

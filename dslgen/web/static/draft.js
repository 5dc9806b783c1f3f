// The draft page: say that the report is being built (a baseline simulation can take a while) until it arrives.
(function () {
  const frame = document.getElementById("report");
  const status = document.getElementById("report-status");
  if (!frame || !status) return;
  const started = Date.now();
  const tick = setInterval(() => {
    status.textContent = `审核报告生成中：正在判定并模拟基准玩法（已 ${Math.round((Date.now() - started) / 1000)} 秒）…`;
  }, 1000);
  const done = () => {
    clearInterval(tick);
    status.textContent = "";
    status.hidden = true;
  };
  frame.addEventListener("load", done);
  // the report may have arrived before this script did
  const doc = frame.contentDocument;
  if (doc && doc.readyState === "complete" && doc.URL !== "about:blank") done();
})();

// The 处理 forms: who resolves (and why) is typed once above them and sent with each form; the name is remembered.
(function () {
  const by = document.getElementById("resolve-by");
  const why = document.getElementById("resolve-why");
  if (!by) return;
  try { by.value = by.value || localStorage.getItem("dslgen-resolver") || ""; } catch (e) { /* storage off */ }
  document.querySelectorAll("form.resolve").forEach((form) => {
    form.addEventListener("submit", (event) => {
      if (!by.value.trim()) {
        event.preventDefault();
        by.focus();
        by.reportValidity();
        return;
      }
      form.querySelector('input[name="by"]').value = by.value.trim();
      form.querySelector('input[name="why"]').value = why ? why.value.trim() : "";
      try { localStorage.setItem("dslgen-resolver", by.value.trim()); } catch (e) { /* storage off */ }
    });
  });
})();

// An OpenAI-compatible /v1/chat/completions server over node-llama-cpp, bound to 127.0.0.1.
// Usage: node server.mjs MODEL.gguf PORT_FILE [CONTEXT_SIZE]
// It listens on an ephemeral port and writes it to PORT_FILE. It answers one request at a time, sends
// response_format json_schema as a grammar (a schema the grammar builder rejects is a 400 that names
// response_format), reports usage counted by the model's own tokenizer, refuses a prompt that cannot fit the
// context with OpenAI's context_length_exceeded error, and stops generating when the client disconnects.
import http from "node:http";
import fs from "node:fs";
import {getLlama, LlamaChatSession} from "node-llama-cpp";

const [modelPath, portFile, ctxArg] = process.argv.slice(2);
const contextSize = Number(ctxArg || 8192);
const llama = await getLlama({gpu: false, build: "never", logLevel: "error"});
const model = await llama.loadModel({modelPath});
const context = await model.createContext({contextSize, threads: Number(process.env.MODEL_THREADS || 2)});
const modelName = process.env.MODEL_NAME || "smollm2";
let busy = Promise.resolve();

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, {"Content-Type": "application/json", "Content-Length": Buffer.byteLength(data)});
  res.end(data);
}

function error(res, status, message, code) {
  send(res, status, {error: {message, type: "invalid_request_error", code}});
}

async function complete(req, res, body) {
  const messages = body.messages || [];
  const maxTokens = Number(body.max_tokens || 512);
  const system = messages.filter(m => m.role === "system").map(m => m.content).join("\n\n");
  const turns = messages.filter(m => m.role !== "system");
  const last = turns.pop();
  if (!last || last.role !== "user") return error(res, 400, "the last message must be from the user", "invalid_messages");
  const promptTokens = messages.reduce((n, m) => n + model.tokenize(String(m.content)).length + 4, 3);
  if (promptTokens + maxTokens > contextSize) {
    return error(res, 400, `This model's maximum context length is ${contextSize} tokens. However, your messages resulted in ${promptTokens} tokens (plus ${maxTokens} for the completion).`, "context_length_exceeded");
  }
  let grammar;
  const format = body.response_format;
  if (format && format.type === "json_schema") {
    if (JSON.stringify(format.json_schema.schema).includes('"$ref"')) {
      // node-llama-cpp's JSON-schema grammar has no $ref: say so, as an endpoint without that support does
      return error(res, 400, "response_format json_schema with $ref / $defs is not supported by this server", "unsupported_response_format");
    }
    try {
      grammar = await llama.createGrammarForJsonSchema(format.json_schema.schema);
    } catch (e) {
      return error(res, 400, `response_format json_schema not supported by this server: ${String(e.message || e).slice(0, 200)}`, "unsupported_response_format");
    }
  }
  const sequence = context.getSequence();
  const abort = new AbortController();
  res.on("close", () => { if (!res.writableEnded) abort.abort(); });
  const session = new LlamaChatSession({contextSequence: sequence, systemPrompt: system});
  const history = session.getChatHistory();
  for (const m of turns) {
    history.push(m.role === "assistant" ? {type: "model", response: [String(m.content)]} : {type: "user", text: String(m.content)});
  }
  session.setChatHistory(history);
  let text = "", finish = "stop";
  try {
    const meta = await session.promptWithMeta(String(last.content), {grammar, maxTokens, signal: abort.signal, stopOnAbortSignal: true});
    text = meta.responseText;
    if (meta.stopReason === "maxTokens") finish = "length";
  } finally {
    session.dispose({disposeSequence: true});
  }
  if (abort.signal.aborted) return;
  const completionTokens = model.tokenize(text).length;
  send(res, 200, {
    id: "chatcmpl-local", object: "chat.completion", created: Math.floor(Date.now() / 1000), model: body.model || modelName,
    choices: [{index: 0, message: {role: "assistant", content: text}, finish_reason: finish}],
    usage: {prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens},
  });
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url.endsWith("/models")) {
    return send(res, 200, {object: "list", data: [{id: modelName, object: "model"}]});
  }
  if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) return error(res, 404, "not found", "not_found");
  let raw = "";
  req.on("data", chunk => { raw += chunk; });
  req.on("end", () => {
    let body;
    try { body = JSON.parse(raw); } catch { return error(res, 400, "the body is not JSON", "invalid_json"); }
    if (body.model && body.model !== modelName) return error(res, 404, `The model '${body.model}' does not exist`, "model_not_found");
    busy = busy.then(() => complete(req, res, body)).catch(e => {
      if (!res.headersSent) error(res, 500, `generation failed: ${String(e.message || e).slice(0, 300)}`, "server_error");
    });
  });
});
server.listen(0, "127.0.0.1", () => fs.writeFileSync(portFile, String(server.address().port)));
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => process.exit(0));

// A notebook rendered as VS Code and Colab render one: each output in a
// plain <div> (no JupyterLab classes, no JupyterLab CSS); a widget view is
// drawn by the standard HTML widget manager when its model is in the
// kernel, else the output's HTML or text shows. The kernel is a Jupyter
// server's, reached over its REST API and WebSocket (the legacy protocol:
// JSON text frames, binary frames for messages with buffers).
(function () {
  "use strict";
  const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
  const uuid = () => crypto.randomUUID().replace(/-/g, "");

  // A message with buffers: a count, the offsets, the JSON, the buffers.
  function unpack(data) {
    const view = new DataView(data);
    const count = view.getUint32(0);
    const offsets = [];
    for (let i = 0; i < count; i++) offsets.push(view.getUint32(4 * (i + 1)));
    offsets.push(data.byteLength);
    const msg = JSON.parse(new TextDecoder().decode(data.slice(offsets[0], offsets[1])));
    msg.buffers = [];
    for (let i = 1; i < count; i++) msg.buffers.push(new DataView(data.slice(offsets[i], offsets[i + 1])));
    return msg;
  }

  function pack(msg, buffers) {
    const parts = [new TextEncoder().encode(JSON.stringify(msg))].concat(buffers.map((b) =>
      ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b)));
    const offsets = [];
    let at = 4 * (parts.length + 1);
    for (const part of parts) { offsets.push(at); at += part.byteLength; }
    const out = new Uint8Array(at);
    const view = new DataView(out.buffer);
    view.setUint32(0, parts.length);
    offsets.forEach((offset, i) => view.setUint32(4 * (i + 1), offset));
    parts.forEach((part, i) => out.set(part, offsets[i]));
    return out.buffer;
  }

  class Comm {
    constructor(kernel, comm_id, target_name) {
      Object.assign(this, {kernel, comm_id, target_name});
      this.handle_msg = null;
      this.handle_close = null;
      kernel.comms.set(comm_id, this);
    }
    open(data, callbacks, metadata, buffers) {
      return this.kernel.send("comm_open", {comm_id: this.comm_id, target_name: this.target_name, data},
                              metadata, buffers, callbacks);
    }
    send(data, callbacks, metadata, buffers) {
      return this.kernel.send("comm_msg", {comm_id: this.comm_id, data}, metadata, buffers, callbacks);
    }
    close(data, callbacks, metadata, buffers) {
      this.kernel.comms.delete(this.comm_id);
      return this.kernel.send("comm_close", {comm_id: this.comm_id, data}, metadata, buffers, callbacks);
    }
    on_msg(callback) { this.handle_msg = callback; }
    on_close(callback) { this.handle_close = callback; }
  }

  class Kernel {
    constructor(base, token) {
      Object.assign(this, {base, token, session: uuid()});
      this.comms = new Map();
      this.callbacks = new Map();
      this.manager = null;
    }
    async start() {
      const answer = await fetch(`${this.base}/api/kernels`, {
        method: "POST",
        headers: {"Authorization": `token ${this.token}`, "Content-Type": "application/json"},
        body: JSON.stringify({name: "python3"}),
      });
      if (!answer.ok) throw new Error(`no kernel: ${answer.status} ${await answer.text()}`);
      this.id = (await answer.json()).id;
      this.ws = new WebSocket(`${this.base.replace(/^http/, "ws")}/api/kernels/${this.id}/channels`
                              + `?session_id=${this.session}&token=${this.token}`);
      this.ws.binaryType = "arraybuffer";
      // One message at a time, each after the last one's work is done (as
      // JupyterLab's kernel connection does): a comm's messages then reach
      // its model, which a comm_open creates asynchronously (loading its module).
      this.chain = Promise.resolve();
      this.ws.onmessage = (event) => {
        const msg = typeof event.data === "string" ? JSON.parse(event.data) : unpack(event.data);
        this.chain = this.chain.then(() => this.receive(msg)).catch((error) => console.error(error));
      };
      await new Promise((resolve, reject) => {
        this.ws.onopen = resolve;
        this.ws.onerror = () => reject(new Error(`no WebSocket to the kernel ${this.id}`));
      });
      await this.execute("", () => {});
    }
    send(msg_type, content, metadata, buffers, callbacks) {
      const msg = {
        header: {msg_id: uuid(), username: "page", session: this.session, msg_type,
                 version: "5.3", date: new Date().toISOString()},
        parent_header: {}, metadata: metadata || {}, content, channel: "shell",
      };
      this.callbacks.set(msg.header.msg_id, callbacks || {});
      if (buffers && buffers.length) this.ws.send(pack(msg, buffers));
      else this.ws.send(JSON.stringify({...msg, buffers: []}));
      return msg.header.msg_id;
    }
    // Runs `code`; each output goes to `output(msg)`; resolves when the kernel is idle again.
    execute(code, output) {
      return new Promise((resolve) => {
        this.send("execute_request", {code, silent: false, store_history: true,
                                      user_expressions: {}, allow_stdin: false, stop_on_error: true},
                  {}, [], {iopub: {output, idle: resolve}});
      });
    }
    receive(msg) {
      const type = msg.header.msg_type;
      const callbacks = this.callbacks.get(msg.parent_header && msg.parent_header.msg_id) || {};
      const iopub = callbacks.iopub || {};
      if (msg.channel !== "iopub") return;
      if (type === "comm_open") {
        const comm = new Comm(this, msg.content.comm_id, msg.content.target_name);
        if (msg.content.target_name === "jupyter.widget") return this.manager.handle_comm_open(comm, msg);
      } else if (type === "comm_msg") {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm && comm.handle_msg) return comm.handle_msg(msg);
      } else if (type === "comm_close") {
        const comm = this.comms.get(msg.content.comm_id);
        this.comms.delete(msg.content.comm_id);
        if (comm && comm.handle_close) return comm.handle_close(msg);
      } else if (type === "status") {
        if (iopub.status) iopub.status(msg);
        if (msg.content.execution_state === "idle" && iopub.idle) iopub.idle();
      } else if (iopub.output) {
        return iopub.output(msg);
      } else if (type === "update_display_data" && this.updateDisplay) {
        return this.updateDisplay(msg);
      }
    }
  }

  const loader = (name) => new Promise((resolve, reject) => requirejs([name], resolve, reject));
  const managerClass = loader("@jupyter-widgets/html-manager").then(({HTMLManager}) =>
    class KernelWidgets extends HTMLManager {
      constructor(kernel) { super({loader}); this.kernel = kernel; }
      _create_comm(target_name, model_id, data, metadata, buffers) {
        const comm = new Comm(this.kernel, model_id || uuid(), target_name);
        if (data !== undefined) comm.open(data, {}, metadata, buffers);
        return Promise.resolve(comm);
      }
      _get_comm_info() { return Promise.resolve({}); }
    });

  // The outputs shown by display id: an update redraws them in place.
  const displays = new Map();

  async function render(output, into, manager, div) {
    if (!div) {
      div = document.createElement("div");
      div.className = "output";
      into.appendChild(div);
      const id = (output.transient || {}).display_id;
      if (id) displays.set(id, (displays.get(id) || []).concat([div]));
    }
    div.replaceChildren();
    const data = output.data || {};
    if (output.output_type === "stream") { div.textContent = output.text; return; }
    if (output.output_type === "error") { div.textContent = output.ename + ": " + output.evalue; return; }
    if (data[WIDGET_VIEW] && manager && manager.has_model(data[WIDGET_VIEW].model_id)) {
      const model = await manager.get_model(data[WIDGET_VIEW].model_id);
      await manager.display_view(manager.create_view(model), div);
      return;
    }
    if (data["text/html"] !== undefined) div.innerHTML = [].concat(data["text/html"]).join("");
    else div.textContent = [].concat(data["text/plain"] || "").join("");
  }

  function cellElement(n, cell) {
    let element = document.getElementById(`cell-${n}`);
    if (!element) {
      element = document.createElement("section");
      element.className = "cell";
      element.id = `cell-${n}`;
      const input = document.createElement("pre");
      input.className = "input";
      input.textContent = cell.source;
      const outputs = document.createElement("div");
      outputs.className = "outputs";
      element.append(input, outputs);
      document.getElementById("notebook").appendChild(element);
    }
    return element.querySelector(".outputs");
  }

  window.swNotebook = {
    // The notebook as saved: no kernel, no widget model.
    async showSaved(cells) {
      cells.forEach((cell, n) => {
        const outputs = cellElement(n, cell);
        outputs.replaceChildren();
        cell.outputs.forEach((output) => render(output, outputs, null));
      });
    },
    // Every cell run in a new kernel of the server at `base`, its outputs replaced.
    async run(base, token, cells) {
      const Manager = await managerClass;
      const kernel = new Kernel(base, token);
      kernel.manager = new Manager(kernel);
      // An update of a display (from any cell, as late as it comes) redraws its outputs.
      kernel.updateDisplay = (msg) => Promise.all(
        (displays.get((msg.content.transient || {}).display_id) || []).map((div) =>
          render({output_type: "display_data", ...msg.content}, null, kernel.manager, div)));
      await kernel.start();
      for (const [n, cell] of cells.entries()) {
        const outputs = cellElement(n, cell);
        outputs.replaceChildren();
        await kernel.execute(cell.source, (msg) => {
          const type = msg.header.msg_type;
          if (type === "clear_output") outputs.replaceChildren();
          else if (type === "update_display_data") return kernel.updateDisplay(msg);
          else return render({output_type: type, ...msg.content}, outputs, kernel.manager);
        });
      }
      return kernel.id;
    },
  };
})();

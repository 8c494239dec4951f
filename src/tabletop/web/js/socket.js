// @ts-check
// A WebSocket to one table that reconnects by itself (with backoff) and keeps a ping going.

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string[]} tokens seat tokens held (none: a spectator)
   * @param {{onMessage: Function, onStatus: Function, resume?: () => ({since: number, seat: number | null} | null)}} handlers
   *   resume: what of the table's log the page holds, so a reconnection is sent only what came after it
   * @param {string} name the player's name (for a seat taken by invitation)
   * @param {boolean} watch a spectator's view, even where the account signed in holds a seat
   */
  constructor(tableId, tokens, handlers, name = "", watch = false) {
    this.tableId = tableId;
    this.watch = watch;
    this.name = name;  // the name a seat joins under on its first connection
    this.tokens = tokens;
    this.handlers = handlers;
    this.closed = false;
    this.attempt = 0;
    this.ws = null;
    this.pinger = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${this.tableId}`;
  }

  /** The first message: the seat tokens held (never in the URL, where logs would keep them). */
  hello() {
    const message = { type: "hello", tokens: this.tokens, chat: true };  // the table's chat too (chat.js)
    if (this.tokens.length && this.name) message.name = this.name;
    if (this.watch) message.watch = true;
    const held = this.handlers.resume ? this.handlers.resume() : null;
    if (held) {  // the log's last entry held, and whose log it is: the server sends only what follows
      message.since = held.since;
      if (held.seat !== null) message.since_seat = held.seat;
    }
    return message;
  }

  connect() {
    if (this.closed) return;
    this.handlers.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify(this.hello()));
      this.attempt = 0;
      this.handlers.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 20000);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    };
    ws.onclose = (event) => {
      clearInterval(this.pinger);
      if (this.closed) return;
      if (event.code === 4404 || event.code === 1008) {  // no such table, a bad token, a limit: retrying cannot help
        this.handlers.onStatus("refused");
        return;
      }
      this.handlers.onStatus("reconnecting");
      const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Send a message; false when the socket is not open (the caller shows that). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Drop this connection and open another at once (the page lost track of the log: it asks for all of it). */
  restart() {
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
    this.attempt = 0;
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

// @ts-check
// The client's contracts, as JSDoc types that `tsc --noEmit` checks (tests/web/test_types.py): what a game's
// folder (js/games/<game>/index.js) exports for the shell, what the shell hands it, and the server's
// messages it reads. Nothing here runs: the module exports no value, only these types.

/**
 * One line of a table's move log as this connection saw it (the server's ``LogEntry``).
 * @typedef {object} LogEntry
 * @property {number} [move] the number of the table event that wrote it (what a returning client's `since`
 *   names; a replay's log leaves it out)
 * @property {number} seat the seat that acted, -1 for chance
 * @property {string} action the action in notation as this seat observed it (``discard ? ?`` for another's)
 * @property {GameEvent[]} [events] what it did, as this seat may see it
 */

/**
 * What an action did, in the game's own vocabulary (``State.events``): ``{kind, ...params}``, the action's
 * own event marked ``action: true``.
 * @typedef {{kind: string, action?: boolean} & Record<string, any>} GameEvent
 */

/**
 * A line of the move log in sentences: one entry's, or a run of entries told together (a roll and its face,
 * a deal's cards), with the notes under it (what it caused) and the notation of each entry (its tooltip).
 * @typedef {object} LogLine
 * @property {string} text
 * @property {string[]} notes
 * @property {string[]} actions
 * @property {number} seat who acted in its first entry (-1 for chance)
 */

/**
 * What the words of a log need besides its entries.
 * @typedef {object} LogContext
 * @property {(seat: number) => string} seatName
 * @property {number} [players] the number of seats
 * @property {Record<string, any> | null} [view] the latest view (a seat may be named with its colour)
 * @property {number | null} [viewer] whose log it is (null for a spectator): a deal names only their cards
 */

/**
 * A motion a log entry shows on its game's screen, in the game's own terms (a card game's
 * ``{kind: "play", seat, card}``, a die's ``{kind: "face", seat, face}``…).
 * @typedef {{kind: string} & Record<string, any>} Motion
 */

/**
 * What one log entry did, as its game's visitor read it (js/visitor.js): the line of the log it makes —
 * or, with ``joins``, the line before made longer (the line replaces it) —, the sound effects it makes
 * (js/sound.js's EFFECTS) and the motions its screen shows.
 * @typedef {object} Told
 * @property {LogEntry} entry
 * @property {LogLine} line the line as it stands after this entry
 * @property {boolean} joins
 * @property {string[]} sounds
 * @property {Motion[]} motions
 * @property {number} [index] the entry's place in the log (as the table's LogReader read it: a screen that
 *   asks the server about an action, such as its motion, names it so)
 */

/**
 * A game's visitor of its log entries, after python-chess's ``chess.pgn.BaseVisitor``: the shell calls
 * ``begin(entry)``, ``visit(event)`` for each of the entry's events and ``end()`` once per new entry, in
 * order (js/visitor.js ``LogVisitor``: ``visit`` calls the handler named for the kind, ``onPlays``,
 * ``onRolled``…). What it remembers between entries is the line it is building: ``reset()`` forgets it
 * (the shell resets it before reading again from a line's first entry: an undo, another seat's view).
 * @typedef {import("./visitor.js").LogVisitor} EntryVisitor
 */

/**
 * A seat as anyone may know it (the server's ``SeatInfo``).
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string} kind "human", "bot" or "local"
 * @property {string} name
 * @property {string | null} bot
 * @property {boolean} joined
 * @property {boolean} [zombie] a bot took over after a timeout
 * @property {string | null} [level] a bot's level where the game's levels play differently
 */

/**
 * The table as one connection may see it, sent after every change (the server's ``Update``).
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {string} table
 * @property {string} status "open", "playing", "over" or "abandoned"
 * @property {number} move the number the next action must carry
 * @property {number | null} seat whose view this is; null for a spectator
 * @property {number} to_move a seat, -1 for chance, -2 when over
 * @property {Record<string, any>} view the seat's view (the game's own fields)
 * @property {string[] | null} legal this seat's legal actions when it is to move, else empty; null when they are
 *   the ones this connection was last listed for this seat (the client keeps each seat's last list: table.js)
 * @property {Record<string, any> | null} [previews] what each legal action would do, by its text (a game
 *   with the preview capability: the server works it out, so the browser needs no copy of the rules)
 * @property {LogEntry[]} log the log entries this connection had not had (the client keeps the log: see
 *   log_from)
 * @property {number} [log_from] where `log`'s first entry stands in the whole log: keep that many, then append
 * @property {SeatInfo[]} seats (left out of an update when unchanged since the connection's last: the client
 *   keeps the last it was given)
 * @property {string | null} [text] the position drawn in English, only for a client that asked (terminals)
 * @property {Record<string, any> | null} [result] once ended: returns, winner, outcome, ending
 * @property {Record<string, any> | null} [undo]
 * @property {number | null} [undo_seat]
 * @property {string | null} [undo_refusal]
 * @property {number | null} [undo_steps]
 * @property {Record<string, any> | null} [clock]
 * @property {Record<string, any> | null} [rematch]
 * @property {Record<string, any> | null} [proposal]
 * @property {Record<string, any> | null} [ways_out]
 */

/**
 * A game as ``GET /api/games`` lists it.
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title its spec's English title (a folder's words replace it)
 * @property {string} description
 * @property {[number, number]} players the fewest and the most
 * @property {boolean} hidden_information
 * @property {Record<string, any>[]} options every option as data (the create form is built from them)
 * @property {string[]} events
 * @property {string[]} errors
 * @property {string[]} capabilities what it offers beyond the rules: "coach", "odds", "motion"…
 * @property {string[]} bot_levels
 * @property {boolean} web whether it has a browser folder
 */

/**
 * What the shell hands a game's screen and hooks (the table's, or a replay's).
 * @typedef {object} TableContext
 * @property {(action: string) => void} act play an action (a replay's does nothing)
 * @property {string} tableId
 * @property {(seat: number) => boolean} isMine whether this browser holds the seat
 * @property {(seat: number) => string} seatName a seat as people read it
 * @property {() => Record<string, any>} options the table's options
 * @property {() => string} [speed] the table's pace now (live tables)
 * @property {boolean} replay true in a replay
 */

/**
 * The state a screen draws: a ``StateMessage`` with its log in notation and, as ``entries``, with events, and
 * its legal actions always listed (the shell fills in those an update left out as unchanged).
 * @typedef {Omit<StateMessage, "log" | "legal"> & {log: string[], entries: LogEntry[], legal: string[]}} ShownState
 */

/**
 * How a screen is asked to draw a state (every field optional: a screen that ignores them redraws).
 * @typedef {object} UpdateOptions
 * @property {ShownState | null} [previous] the state drawn before, to animate the change
 * @property {boolean} [paced] the state came from others' moves and stays for the pace
 * @property {boolean} [motion] false under reduced motion or at instant speed
 * @property {Told[]} [news] what the log entries new since the state drawn before did, as the game's visitor
 *   read them, oldest first (each entry once: none after an undo, for a hot seat's other view of the same
 *   moves, for a reconnection's log, or in a replay) — the motions a screen shows come from here
 */

/**
 * A game's board on a table or replay screen. ``update`` may return a promise settled once the state's news
 * is on screen (a throw in flight), optionally saying how many log entries may be shown meanwhile.
 * @typedef {object} GameScreen
 * @property {(state: ShownState, options?: UpdateOptions) => (void | Promise<any> | {log?: number})} update
 * @property {() => void} [destroy]
 */

/**
 * A game's folder, ``js/games/<game>/index.js``: its board, its log in sentences, its words, its picture,
 * and the optional hooks the shell calls where they are there (docs/events.md, "In the browser").
 * @typedef {object} GameModule
 * @property {(board: HTMLElement, ctx: TableContext) => GameScreen} screen
 * @property {(entries: LogEntry[], ctx: any) => LogLine[]} describeLog a whole log told in sentences (a replay's)
 * @property {(ctx: LogContext) => EntryVisitor} [visitor] a reader of the log, one new entry at a time: its line,
 *   sounds and motions (the table's log, sounds and screen read nothing else; without one, each entry is told
 *   with ``describeLog``, silently)
 * @property {{STRINGS: Record<string, Record<string, string>>, OPTIONS?: Record<string, any>}} strings its
 *   words in every language, each key under its own prefix (``<game>.…``, ``game.<game>.…``)
 * @property {string} picture an inline SVG for the lobby and the rules page
 * @property {string} [stylesheet] the address of its screen's CSS (``new URL("./style.css", import.meta.url)``),
 *   linked when the folder loads
 * @property {boolean} [ownsActions] the screen offers every legal action itself (no generic list)
 * @property {(action: string, view: Record<string, any> | null, ctx: TableContext | null) => string | null} [actionText]
 * @property {(view: Record<string, any>) => string | null} [chanceWait] the turn line while chance decides
 * @property {(view: Record<string, any>, ctx: TableContext) => string | null} [chanceTurn] the turn line while
 *   people enter what chance did
 * @property {(seat: number, view: Record<string, any>, ctx?: TableContext) => (string | {text: string, colour?: string} | null)} [seatTag]
 * @property {(state: any, ctx: any) => (Node | null)} [summary] a score sheet at game over
 * @property {(entries: LogEntry[]) => {start: number, end: number, round?: any}[]} [replaySteps]
 * @property {(advice: any, view: Record<string, any>, ctx: TableContext) => (Node | null)} [coachView]
 */

export {};

// @ts-check
// The app's own text in English, Russian and Romanian; the choice is remembered in localStorage.
// t("key", {name: "Ann"}) fills {name}; a key missing in a language falls back to English. A count's
// words are an object of plural forms, {one, few, many, other} as the language has them
// (Intl.PluralRules: ru one/few/many, ro one/few/other, en one/other): t picks the form for params.n
// (or the param the object's `count` names) and writes the numbers in the reader's figures.
// Each game brings its own words (js/games/<game>/strings.js, every key under the game's name), added
// here by addStrings when the game's folder is loaded, so nothing here knows a game.

export const LANGUAGES = { en: "English", ru: "Русский", ro: "Română" };

const STRINGS = {
  en: {
    "app.title": "tabletop",
    "app.tagline": "Traditional games, against bots, with friends, or hot-seat",
    "nav.lobby": "Lobby",
    "nav.language": "Language",
    "common.loading": "Loading…",
    "common.error": "Something went wrong: {reason}",
    "common.close": "Close",
    "common.seat": "Seat {n}",
    "common.copy": "Copy",
    "common.copied": "Copied",

    "lobby.games": "Games",
    "lobby.new": "More options",
    "lobby.playBots": "Play against the computer",
    "lobby.playBotsLevel": "Play against the computer ({level})",
    "lobby.playBotsStarting": "Setting up the table…",
    "lobby.tables": "Tables",
    "lobby.filter": "Game",
    "lobby.allGames": "All games",
    "lobby.waiting": "Waiting for a player",
    "lobby.running": "Being played now",
    "lobby.idle": "Idle: no move in the last {minutes}\u00a0min",
    "lobby.noneWaiting": "Nobody is waiting for a player right now: open a table with “More options” and a friend’s seat, or play against the computer.",
    "lobby.noneRunning": "No game is being played right now.",
    "lobby.noneIdle": "No idle tables.",
    "lobby.more": "More tables",
    "lobby.waitingFor": { one: "waiting for {n} player", other: "waiting for {n} players" },
    "time.justNow": "just now",
    "lobby.waitingHint": { one: "{n} table is waiting for a player: join it ↓", other: "{n} tables are waiting for a player: join one ↓" },
    "lobby.rules": "Rules",
    "lobby.players": "{min}–{max} players",
    "lobby.past": "Finished games",
    "lobby.none": "None yet.",
    "lobby.refresh": "Refresh",
    "lobby.join": "Join",
    "lobby.watch": "Watch",
    "lobby.resume": "Back to my seat",
    "lobby.replay": "Replay",
    "lobby.moves": { one: "{n} move", other: "{n} moves" },
    "lobby.byLink": "Join by link",
    "lobby.linkPlaceholder": "Paste an invitation link or a table id",
    "lobby.go": "Go",
    "lobby.badLink": "That is neither an invitation link nor a table id.",
    "status.open": "waiting for players",
    "status.playing": "playing",
    "status.over": "over",
    "status.abandoned": "abandoned",


    "create.title": "New table: {game}",
    "create.name": "Your name",
    "create.namePlaceholder": "Player",
    "create.options": "Options",
    "create.seats": "Seats",
    "create.seat": "Seat {n}",
    "create.addSeat": "Add a seat",
    "create.removeSeat": "Remove the last seat",
    "create.kind.you": "You",
    "create.kind.bot": "Bot",
    "create.kind.friend": "Friend (invitation link)",
    "create.kind.anyone": "Anyone (from the lobby)",
    "create.kind.player": "A player (by username)",
    "create.playerName": "Their username",
    "create.kind.local": "Hot-seat (this device)",
    "create.level": "Bot level",
    "create.level.easy": "easy",
    "create.level.normal": "normal",
    "create.level.hard": "hard",
    "create.localName": "Name",
    "create.timers": "Timers",
    "create.moveSeconds": "Seconds per move (empty: no clock)",
    "create.timeBank": "Time bank per seat (seconds)",
    "create.pace": "Pace",
    "create.pace.live": "Live (a clock in seconds, or none)",
    "create.pace.days": { one: "{n} day per move", other: "{n} days per move" },
    "create.pace.why": "Play at your own pace: \"My games\" lists the tables awaiting your move, and an open tab tells you when it is your turn. A seat whose time runs out is played by a bot.",
    "table.yourTurnTitle": "Your move",
    "table.notify": "Tell me when it is my move",
    "table.notifyOn": "You will be told when it is your move",
    "table.notifyBlocked": "This browser does not allow notifications from this site",
    "table.notification": "Your move at {game}",
    "create.seed": "Seed, for practice tables (bots and hot-seat only; empty: a secret)",
    "create.seedRefused": "A chosen seed is only for practice tables (bots and hot-seat players): whoever chose it would know every deal, so a friend could not trust the game. Leave the seed empty to invite people.",
    "create.submit": "Start the table",
    "create.cancel": "Cancel",
    "create.invite": "Send these links to your friends; each opens one seat:",
    "create.toTable": "Go to the table",
    "create.file": "JSON parts table",
    "create.default": "default: {value}",
    "create.yes": "yes",
    "create.no": "no",

    "table.connecting": "Connecting…",
    "table.reconnecting": "Connection lost; reconnecting…",
    "table.refused": "The server refused this connection (no such table, or the seat token is not valid here).",
    "table.yourTurn": "Your turn",
    "table.hotseatTurn": "{name} to play (hot-seat)",
    "table.waitingFor": "Waiting for {name}",
    "table.chance": "The dice, cards or physics are deciding…",
    "table.enterChance": "Enter what happened on the field",
    "table.waitingPlayers": "Waiting for the other players to join",
    "table.spectating": "You are watching",
    "table.seats": "Players",
    "table.you": "you",
    "table.bot": "bot {level}",
    "table.free": "free seat",
    "table.invited": "invited seat",
    "table.invitedPlayer": "seat for {name}",
    "table.zombie": "timed out: a bot plays on",
    "table.log": "Moves",
    "table.actions": "Your legal moves",
    "table.choose": "Choose a move",
    "table.play": "Play",
    "table.typeMove": "Type a move in notation",
    "table.typeHint": {
      one: "{n} move: type it in notation, e.g. {example} — or use the board",
      other: "{n} moves: type one in notation, e.g. {example} — or use the board",
    },
    "table.typeUnknown": "“{text}” is not a legal move here; e.g. {example}",
    "table.undo": "Take back my move",
    "table.undoTitle": "Taking back",
    "table.movesListShow": "Show my moves as a list",
    "table.movesListHide": "Hide the list of moves",
    "table.undoAsked": "{name} asks to take back their last move.",
    "table.undoWaiting": "Your undo request waits for the others.",
    "table.agree": "Agree",
    "table.refuse": "Refuse",
    "table.clock": "Clock",
    "table.remaining": "{s} s left",
    "table.remainingLong": "{time} left",
    "table.bank": "bank {s} s",
    "table.over": "Game over",
    "result.game_won": "{name} wins!",
    "result.game_won_side": "{side} wins: {names}!",
    "result.team": "Team {side}",
    "result.game_won_members": "{names} win!",
    "result.game_drawn": "The game is a draw.",
    "result.game_shared": "First place is shared: {names}.",
    "table.winner": "{name} wins!",
    "table.draw": "The game is a draw.",
    "table.abandoned": "The game was abandoned.",
    "table.zombies": "A bot finished for: {names}",
    "table.replay": "Watch the replay",
    "table.lobby": "Back to the lobby",
    "table.invite": "Invitation links",
    "table.errorTitle": "Not allowed",
    "table.dismiss": "Dismiss",
    "table.take": "Take this seat",
    "table.move": "Move {n}",
    "table.notSent": "Not connected: the move was not sent.",

    // pacing and undo controls: the table's speed, and why undo is not possible now
    "table.speed": "Speed",
    "table.undoEntry": "Take back the last entry",
    "table.speed.instant": "instant",
    "table.speed.fast": "fast",
    "table.speed.normal": "normal",
    "table.speed.slow": "slow",
    "table.speedCatchUp": "Show the latest",
    "table.speedCatchingUp": "Catching up with the table: the latest moves are being shown.",
    "table.undoReason.spectator": "Spectators cannot take moves back.",
    "table.undoReason.not_playing": "The game is not being played.",
    "table.undoReason.over": "The game is over.",
    "table.undoReason.nothing": "Nothing to take back yet.",
    "table.undoReason.pending": "An undo request is already waiting for an answer.",
    "table.undoReason.chance": "No undo: chance has acted since.",
    "table.undoReason.bot": "No undo: a bot has moved since.",
    "table.undoReason.other": "No undo: only your own last move can be taken back, and someone has moved since.",
    "table.undoReason.rated": "No undo: a rated game has no takebacks.",

    "replay.title": "Replay",
    "replay.first": "Start",
    "replay.prev": "Back",
    "replay.next": "Forward",
    "replay.last": "End",
    "replay.position": { count: "m", one: "After {n} of {m} move", other: "After {n} of {m} moves" },
    "replay.seatView": "Seen by",
    "replay.action": "Last action: {action}",

    "log.chance": "Chance",
    "log.fallback": "{name}: {action}",


    "nav.skip": "Skip to content",



    // ---- the game-over summary and bots' names (gameover.js)
    "bot.name": "Bot {n}",
    "bot.nameLevel": "Bot {n} · {level}",
    "gameover.finalScores": "Final scores",
    "gameover.player": "Player",
    "gameover.points": "Points",
    "gameover.place": "Place",
    "gameover.finalPlaces": "Final places",
    "gameover.nth.one": "{n}st",
    "gameover.nth.two": "{n}nd",
    "gameover.nth.few": "{n}rd",
    "gameover.nth.other": "{n}th",
    "gameover.winner": "Winner",
    "gameover.sharedFirst": "Shares first place",
    "gameover.rematch": "Rematch",
    "gameover.joinRematch": "Join the rematch",
    "gameover.toRematch": "Go to the rematch",
    "gameover.watchRematch": "Watch the rematch",
    "gameover.offer": "{names} asked for a rematch: your seat in it is kept for you.",
    "gameover.rematchStarting": "Setting up the rematch…",
    "gameover.rematchFailed": "No rematch: {reason}",
    "gameover.lobby": "Back to the lobby",
    "gameover.why.repetition": "The same position came round again: a draw by repetition.",
    "gameover.why.move_cap": "The move limit was reached.",
    "gameover.why.throw_limit": "The throw limit was reached: the higher score decides.",
    "gameover.why.target": "The target score was reached.",
    "lobby.rematch": "rematch",
    // chat and sound (chat-sound: js/chat.js, js/sound.js)
    "chat.title": "Chat",
    "chat.unread": { one: "{n} unread message", other: "{n} unread messages" },
    "chat.log": "Chat messages",
    "chat.none": "No messages yet.",
    "chat.placeholder": "Write to the table…",
    "chat.input": "Chat message",
    "chat.send": "Send",
    "chat.spectator": "spectator",
    "chat.said": "{name}: {text}",
    "chat.readOnly": "Spectators read the chat; the players have not let them write.",
    "chat.allowSpectators": "Let spectators write",
    "chat.opened": "Spectators may now write in the chat.",
    "chat.closed": "Only the players write in the chat now.",
    "chat.notSent": "Not sent: the connection is down. Try again in a moment.",
    "chat.refused.rate": "Too many messages: you can write again in {s} s.",
    "chat.refused.long": {
      one: "Too long: a message has at most {n} character.",
      other: "Too long: a message has at most {n} characters.",
    },
    "chat.refused.empty": "Write something first.",
    "chat.refused.spectators": "The players have not let spectators write.",
    "chat.refused.not_seated": "Only the players decide whether spectators write.",
    "chat.refused.muted": "A moderator has muted you: your messages are not sent.",
    "sound.on": "Sound on",
    "sound.off": "Sound off",
    "sound.mute": "Mute the sound effects",
    "sound.unmute": "Turn the sound effects on",
    // replays by steps: whole moves or every action, autoplay at a speed
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.controls": "Replay controls",
    "replay.speed": "Speed",
    "replay.fine": "Every action",
    "replay.step": "step {n} of {m}",
    "replay.action.n": "action {n} of {m}",
    "replay.after": { count: "m", one: "after {n} of {m} action", other: "after {n} of {m} actions" },
    "replay.slider": "Position in the game",
    "replay.start": "The start: nothing has happened yet.",
    // packaging: a game's screen that did not load (js/games/index.js)
    "games.loadFailed": "The screen of {games} did not load: it plays with the standard buttons. Reload the page to try again.",
  },

  ru: {
    "app.title": "tabletop",
    "app.tagline": "Традиционные игры: с ботами, с друзьями или за одним экраном",
    "nav.lobby": "Лобби",
    "nav.language": "Язык",
    "common.loading": "Загрузка…",
    "common.error": "Что-то пошло не так: {reason}",
    "common.close": "Закрыть",
    "common.seat": "Место {n}",
    "common.copy": "Копировать",
    "common.copied": "Скопировано",

    "lobby.games": "Игры",
    "lobby.new": "Другие настройки",
    "lobby.playBots": "Играть с компьютером",
    "lobby.playBotsLevel": "Играть с компьютером ({level})",
    "lobby.playBotsStarting": "Накрываем стол…",
    "lobby.tables": "Столы",
    "lobby.filter": "Игра",
    "lobby.allGames": "Все игры",
    "lobby.waiting": "Ждут игрока",
    "lobby.running": "Идёт игра",
    "lobby.idle": "Затихшие: ни одного хода за последние {minutes}\u00a0мин",
    "lobby.noneWaiting": "Сейчас никто не ждёт партнёра: откройте стол с местом для друга в «Других настройках» или сыграйте с компьютером.",
    "lobby.noneRunning": "Сейчас никто не играет.",
    "lobby.noneIdle": "Затихших столов нет.",
    "lobby.more": "Ещё столы",
    "lobby.waitingFor": { one: "ждёт {n} игрока", few: "ждёт {n} игроков", many: "ждёт {n} игроков", other: "ждёт {n} игрока" },
    "time.justNow": "только что",
    "lobby.waitingHint": { one: "{n} стол ждёт игрока: садитесь ↓", few: "{n} стола ждут игрока: садитесь ↓",
      many: "{n} столов ждут игрока: садитесь ↓", other: "{n} стола ждут игрока: садитесь ↓" },
    "lobby.rules": "Правила",
    "lobby.players": "игроков: {min}–{max}",
    "lobby.past": "Сыгранные партии",
    "lobby.none": "Пока нет.",
    "lobby.refresh": "Обновить",
    "lobby.join": "Сесть",
    "lobby.watch": "Смотреть",
    "lobby.resume": "Вернуться на своё место",
    "lobby.replay": "Запись",
    "lobby.moves": { one: "{n} ход", few: "{n} хода", many: "{n} ходов", other: "{n} хода" },
    "lobby.byLink": "Войти по ссылке",
    "lobby.linkPlaceholder": "Вставьте ссылку-приглашение или номер стола",
    "lobby.go": "Перейти",
    "lobby.badLink": "Это не ссылка-приглашение и не номер стола.",
    "status.open": "ждёт игроков",
    "status.playing": "идёт игра",
    "status.over": "окончена",
    "status.abandoned": "брошена",


    "create.title": "Новый стол: {game}",
    "create.name": "Ваше имя",
    "create.namePlaceholder": "Игрок",
    "create.options": "Настройки",
    "create.seats": "Места",
    "create.seat": "Место {n}",
    "create.addSeat": "Добавить место",
    "create.removeSeat": "Убрать последнее место",
    "create.kind.you": "Вы",
    "create.kind.bot": "Бот",
    "create.kind.friend": "Друг (ссылка-приглашение)",
    "create.kind.anyone": "Любой (из лобби)",
    "create.kind.player": "Игрок (по имени пользователя)",
    "create.playerName": "Имя пользователя",
    "create.kind.local": "За этим экраном",
    "create.level": "Уровень бота",
    "create.level.easy": "лёгкий",
    "create.level.normal": "средний",
    "create.level.hard": "сильный",
    "create.localName": "Имя",
    "create.timers": "Часы",
    "create.moveSeconds": "Секунд на ход (пусто: без часов)",
    "create.timeBank": "Запас времени на место (секунд)",
    "create.pace": "Темп",
    "create.pace.live": "Вживую (часы в секундах или без часов)",
    "create.pace.days": { one: "{n} день на ход", few: "{n} дня на ход", many: "{n} дней на ход", other: "{n} дня на ход" },
    "create.pace.why": "Играйте в своём темпе: «Мои партии» показывают столы, где ждут вашего хода, а открытая вкладка сообщит, когда ваш ход. За место, у которого истекло время, доиграет бот.",
    "table.yourTurnTitle": "Ваш ход",
    "table.notify": "Сообщать, когда мой ход",
    "table.notifyOn": "Вы получите уведомление, когда будет ваш ход",
    "table.notifyBlocked": "Этот браузер не разрешает уведомления от этого сайта",
    "table.notification": "Ваш ход: {game}",
    "create.seed": "Зерно случайности, для тренировки (только боты и игроки за этим экраном; пусто: секретное)",
    "create.seedRefused": "Выбранное зерно — только для тренировки (боты и игроки за этим экраном): кто его выбрал, знает каждую раздачу, и другу нельзя было бы доверять игре. Чтобы пригласить людей, оставьте зерно пустым.",
    "create.submit": "Начать игру",
    "create.cancel": "Отмена",
    "create.invite": "Отправьте эти ссылки друзьям; каждая открывает одно место:",
    "create.toTable": "К столу",
    "create.file": "Таблица частей в JSON",
    "create.default": "по умолчанию: {value}",
    "create.yes": "да",
    "create.no": "нет",

    "table.connecting": "Подключение…",
    "table.reconnecting": "Связь потеряна; переподключаемся…",
    "table.refused": "Сервер отказал в подключении (нет такого стола или ключ места не подходит).",
    "table.yourTurn": "Ваш ход",
    "table.hotseatTurn": "Ходит {name} (за этим экраном)",
    "table.waitingFor": "Ждём: {name}",
    "table.chance": "Решают кубик, карты или физика…",
    "table.enterChance": "Отметьте, что произошло на поле",
    "table.waitingPlayers": "Ждём, пока сядут остальные игроки",
    "table.spectating": "Вы зритель",
    "table.seats": "Игроки",
    "table.you": "вы",
    "table.bot": "бот, {level}",
    "table.free": "свободно",
    "table.invited": "место приглашённого",
    "table.invitedPlayer": "место для {name}",
    "table.zombie": "время вышло: играет бот",
    "table.log": "Ходы",
    "table.actions": "Ваши возможные ходы",
    "table.choose": "Выберите ход",
    "table.play": "Сыграть",
    "table.typeMove": "Введите ход в нотации",
    "table.typeHint": {
      one: "{n} ход: введите его в нотации, например {example}, — или играйте на поле",
      few: "{n} хода: введите один в нотации, например {example}, — или играйте на поле",
      many: "{n} ходов: введите один в нотации, например {example}, — или играйте на поле",
      other: "{n} хода: введите один в нотации, например {example}, — или играйте на поле",
    },
    "table.typeUnknown": "«{text}» — здесь не допустимый ход; например {example}",
    "table.undo": "Взять ход назад",
    "table.undoTitle": "Отмена хода",
    "table.movesListShow": "Показать мои ходы списком",
    "table.movesListHide": "Скрыть список ходов",
    "table.undoAsked": "{name} просит взять назад свой последний ход.",
    "table.undoWaiting": "Ваша просьба взять ход назад ждёт ответа остальных.",
    "table.agree": "Согласиться",
    "table.refuse": "Отказать",
    "table.clock": "Часы",
    "table.remaining": "осталось {s} с",
    "table.remainingLong": "осталось {time}",
    "table.bank": "запас {s} с",
    "table.over": "Игра окончена",
    "result.game_won": "Победа: {name}!",
    "result.game_won_side": "Победа — {side}: {names}!",
    "result.team": "команда {side}",
    "result.game_won_members": "Победа: {names}!",
    "result.game_drawn": "Ничья.",
    "result.game_shared": "Первое место делят: {names}.",
    "table.winner": "Победа: {name}!",
    "table.draw": "Ничья.",
    "table.abandoned": "Игра брошена.",
    "table.zombies": "Бот доиграл за: {names}",
    "table.replay": "Смотреть запись",
    "table.lobby": "В лобби",
    "table.invite": "Ссылки-приглашения",
    "table.errorTitle": "Нельзя",
    "table.dismiss": "Закрыть",
    "table.take": "Занять это место",
    "table.move": "Ход {n}",
    "table.notSent": "Нет связи: ход не отправлен.",

    // pacing and undo controls: the table's speed, and why undo is not possible now
    "table.speed": "Скорость",
    "table.undoEntry": "Отменить последнюю запись",
    "table.speed.instant": "мгновенно",
    "table.speed.fast": "быстро",
    "table.speed.normal": "обычно",
    "table.speed.slow": "медленно",
    "table.speedCatchUp": "Показать последнее",
    "table.speedCatchingUp": "Догоняем игру: показываются последние ходы.",
    "table.undoReason.spectator": "Зрители не могут брать ходы назад.",
    "table.undoReason.not_playing": "Партия сейчас не идёт.",
    "table.undoReason.over": "Партия окончена.",
    "table.undoReason.nothing": "Пока нечего брать назад.",
    "table.undoReason.pending": "Просьба взять ход назад уже ждёт ответа.",
    "table.undoReason.chance": "Нельзя взять назад: с тех пор сработал случай.",
    "table.undoReason.bot": "Нельзя взять назад: с тех пор походил бот.",
    "table.undoReason.other": "Нельзя взять назад: можно вернуть только свой последний ход, а с тех пор уже кто-то походил.",
    "table.undoReason.rated": "Нельзя взять назад: в рейтинговой партии ходы не отменяются.",

    "replay.title": "Запись партии",
    "replay.first": "В начало",
    "replay.prev": "Назад",
    "replay.next": "Вперёд",
    "replay.last": "В конец",
    "replay.position": { count: "m", one: "После {n} из {m} хода", few: "После {n} из {m} ходов",
      many: "После {n} из {m} ходов", other: "После {n} из {m} хода" },
    "replay.seatView": "Глазами",
    "replay.action": "Последний ход: {action}",

    "log.chance": "Случай",
    "log.fallback": "{name}: {action}",


    "nav.skip": "Перейти к содержимому",



    // ---- the game-over summary and bots' names (gameover.js)
    "bot.name": "Бот {n}",
    "bot.nameLevel": "Бот {n} · {level}",
    "gameover.finalScores": "Итоговый счёт",
    "gameover.player": "Игрок",
    "gameover.points": "Очки",
    "gameover.place": "Место",
    "gameover.finalPlaces": "Итоговые места",
    "gameover.nth.one": "{n}-е",
    "gameover.nth.two": "{n}-е",
    "gameover.nth.few": "{n}-е",
    "gameover.nth.other": "{n}-е",
    "gameover.winner": "Победитель",
    "gameover.sharedFirst": "Делит первое место",
    "gameover.rematch": "Реванш",
    "gameover.joinRematch": "Сыграть реванш",
    "gameover.toRematch": "К реваншу",
    "gameover.watchRematch": "Смотреть реванш",
    "gameover.offer": "{names} предлагает реванш: ваше место за вами.",
    "gameover.rematchStarting": "Готовим реванш…",
    "gameover.rematchFailed": "Реванш не начат: {reason}",
    "gameover.lobby": "В лобби",
    "gameover.why.repetition": "Позиция повторилась: ничья по повторению.",
    "gameover.why.move_cap": "Достигнут предел числа ходов.",
    "gameover.why.throw_limit": "Достигнут предел бросков: решает счёт.",
    "gameover.why.target": "Набрано нужное число очков.",
    "lobby.rematch": "реванш",
    // chat and sound (chat-sound: js/chat.js, js/sound.js)
    "chat.title": "Чат",
    "chat.unread": {
      one: "{n} непрочитанное сообщение", few: "{n} непрочитанных сообщения", many: "{n} непрочитанных сообщений",
      other: "{n} непрочитанного сообщения",
    },
    "chat.log": "Сообщения чата",
    "chat.none": "Сообщений пока нет.",
    "chat.placeholder": "Написать за столом…",
    "chat.input": "Сообщение в чат",
    "chat.send": "Отправить",
    "chat.spectator": "зритель",
    "chat.said": "{name}: {text}",
    "chat.readOnly": "Зрители читают чат; игроки не разрешили им писать.",
    "chat.allowSpectators": "Разрешить зрителям писать",
    "chat.opened": "Теперь зрители могут писать в чат.",
    "chat.closed": "Теперь в чат пишут только игроки.",
    "chat.notSent": "Не отправлено: нет соединения. Попробуйте через минуту.",
    "chat.refused.rate": "Слишком много сообщений: снова писать можно через {s} с.",
    "chat.refused.long": {
      one: "Слишком длинно: в сообщении не больше {n} символа.",
      few: "Слишком длинно: в сообщении не больше {n} символов.",
      many: "Слишком длинно: в сообщении не больше {n} символов.",
      other: "Слишком длинно: в сообщении не больше {n} символа.",
    },
    "chat.refused.empty": "Сначала напишите что-нибудь.",
    "chat.refused.spectators": "Игроки не разрешили зрителям писать.",
    "chat.refused.not_seated": "Только игроки решают, могут ли писать зрители.",
    "chat.refused.muted": "Модератор запретил вам писать в чат: ваши сообщения не отправляются.",
    "sound.on": "Звук вкл.",
    "sound.off": "Звук выкл.",
    "sound.mute": "Выключить звуковые эффекты",
    "sound.unmute": "Включить звуковые эффекты",
    // replays by steps: whole moves or every action, autoplay at a speed
    "replay.play": "Воспроизвести",
    "replay.pause": "Пауза",
    "replay.controls": "Управление записью",
    "replay.speed": "Скорость",
    "replay.fine": "Каждое действие",
    "replay.step": "шаг {n} из {m}",
    "replay.action.n": "действие {n} из {m}",
    "replay.after": "сделано действий: {n} из {m}",
    "replay.slider": "Место в партии",
    "replay.start": "Начало: ещё ничего не произошло.",
    // packaging: a game's screen that did not load (js/games/index.js)
    "games.loadFailed": "Не удалось загрузить экран игры: {games}. Играть можно обычными кнопками; обновите страницу, чтобы попробовать снова.",
  },

  ro: {
    "app.title": "tabletop",
    "app.tagline": "Jocuri tradiționale: cu roboți, cu prietenii sau pe rând la același ecran",
    "nav.lobby": "Sala de joc",
    "nav.language": "Limba",
    "common.loading": "Se încarcă…",
    "common.error": "Ceva nu a mers: {reason}",
    "common.close": "Închide",
    "common.seat": "Locul {n}",
    "common.copy": "Copiază",
    "common.copied": "Copiat",

    "lobby.games": "Jocuri",
    "lobby.new": "Mai multe opțiuni",
    "lobby.playBots": "Joacă cu calculatorul",
    "lobby.playBotsLevel": "Joacă cu calculatorul ({level})",
    "lobby.playBotsStarting": "Se pregătește masa…",
    "lobby.tables": "Mese",
    "lobby.filter": "Jocul",
    "lobby.allGames": "Toate jocurile",
    "lobby.waiting": "Așteaptă un jucător",
    "lobby.running": "Se joacă acum",
    "lobby.idle": "Inactive: nicio mutare în ultimele {minutes}\u00a0min",
    "lobby.noneWaiting": "Acum nu așteaptă nimeni un partener: deschide o masă cu un loc pentru un prieten din „Mai multe opțiuni” sau joacă cu calculatorul.",
    "lobby.noneRunning": "Acum nu se joacă nicio partidă.",
    "lobby.noneIdle": "Nicio masă inactivă.",
    "lobby.more": "Mai multe mese",
    "lobby.waitingFor": { one: "așteaptă {n} jucător", few: "așteaptă {n} jucători", other: "așteaptă {n} de jucători" },
    "time.justNow": "chiar acum",
    "lobby.waitingHint": { one: "{n} masă așteaptă un jucător: intră ↓", few: "{n} mese așteaptă un jucător: intră ↓",
      other: "{n} de mese așteaptă un jucător: intră ↓" },
    "lobby.rules": "Reguli",
    "lobby.players": "{min}–{max} jucători",
    "lobby.past": "Partide terminate",
    "lobby.none": "Deocamdată niciuna.",
    "lobby.refresh": "Reîmprospătează",
    "lobby.join": "Intră",
    "lobby.watch": "Privește",
    "lobby.resume": "Înapoi la locul meu",
    "lobby.replay": "Reluare",
    "lobby.moves": { one: "{n} mutare", few: "{n} mutări", other: "{n} de mutări" },
    "lobby.byLink": "Intră printr-un link",
    "lobby.linkPlaceholder": "Lipește un link de invitație sau un id de masă",
    "lobby.go": "Mergi",
    "lobby.badLink": "Acesta nu este nici link de invitație, nici id de masă.",
    "status.open": "așteaptă jucători",
    "status.playing": "în joc",
    "status.over": "terminată",
    "status.abandoned": "abandonată",


    "create.title": "Masă nouă: {game}",
    "create.name": "Numele tău",
    "create.namePlaceholder": "Jucător",
    "create.options": "Opțiuni",
    "create.seats": "Locuri",
    "create.seat": "Locul {n}",
    "create.addSeat": "Adaugă un loc",
    "create.removeSeat": "Scoate ultimul loc",
    "create.kind.you": "Tu",
    "create.kind.bot": "Robot",
    "create.kind.friend": "Prieten (link de invitație)",
    "create.kind.anyone": "Oricine (din sala de joc)",
    "create.kind.player": "Un jucător (după numele de utilizator)",
    "create.playerName": "Numele de utilizator",
    "create.kind.local": "La același ecran",
    "create.level": "Nivelul robotului",
    "create.level.easy": "ușor",
    "create.level.normal": "mediu",
    "create.level.hard": "greu",
    "create.localName": "Nume",
    "create.timers": "Ceasuri",
    "create.moveSeconds": "Secunde pe mutare (gol: fără ceas)",
    "create.timeBank": "Rezervă de timp pe loc (secunde)",
    "create.pace": "Ritm",
    "create.pace.live": "Live (un ceas în secunde, sau niciunul)",
    "create.pace.days": { one: "{n} zi pe mutare", few: "{n} zile pe mutare", other: "{n} de zile pe mutare" },
    "create.pace.why": "Joacă în ritmul tău: „Partidele mele” arată mesele care îți așteaptă mutarea, iar o filă deschisă îți spune când e rândul tău. Un loc al cărui timp expiră e jucat de un robot.",
    "table.yourTurnTitle": "E rândul tău",
    "table.notify": "Anunță-mă când e rândul meu",
    "table.notifyOn": "Vei fi anunțat când e rândul tău",
    "table.notifyBlocked": "Acest browser nu permite notificări de la acest site",
    "table.notification": "E rândul tău: {game}",
    "create.seed": "Sămânța hazardului, pentru antrenament (doar roboți și jucători la acest ecran; gol: secretă)",
    "create.seedRefused": "O sămânță aleasă e doar pentru antrenament (roboți și jucători la acest ecran): cine a ales-o ar ști fiecare împărțire, deci un prieten nu s-ar putea încrede în joc. Lăsați sămânța goală ca să invitați oameni.",
    "create.submit": "Începe jocul",
    "create.cancel": "Renunță",
    "create.invite": "Trimite aceste linkuri prietenilor; fiecare deschide un loc:",
    "create.toTable": "La masă",
    "create.file": "Tabel de părți în JSON",
    "create.default": "implicit: {value}",
    "create.yes": "da",
    "create.no": "nu",

    "table.connecting": "Se conectează…",
    "table.reconnecting": "Conexiunea s-a pierdut; se reconectează…",
    "table.refused": "Serverul a refuzat conexiunea (masa nu există sau cheia locului nu e valabilă aici).",
    "table.yourTurn": "E rândul tău",
    "table.hotseatTurn": "Mută {name} (la acest ecran)",
    "table.waitingFor": "Se așteaptă: {name}",
    "table.chance": "Decid zarul, cărțile sau fizica…",
    "table.enterChance": "Notați ce s-a întâmplat pe teren",
    "table.waitingPlayers": "Se așteaptă ceilalți jucători",
    "table.spectating": "Ești spectator",
    "table.seats": "Jucători",
    "table.you": "tu",
    "table.bot": "robot {level}",
    "table.free": "loc liber",
    "table.invited": "loc de invitat",
    "table.invitedPlayer": "loc pentru {name}",
    "table.zombie": "timp expirat: joacă un robot",
    "table.log": "Mutări",
    "table.actions": "Mutările tale posibile",
    "table.choose": "Alege o mutare",
    "table.play": "Joacă",
    "table.typeMove": "Scrie o mutare în notație",
    "table.typeHint": {
      one: "{n} mutare: scrie-o în notație, de ex. {example} — sau folosește tabla",
      few: "{n} mutări: scrie una în notație, de ex. {example} — sau folosește tabla",
      other: "{n} de mutări: scrie una în notație, de ex. {example} — sau folosește tabla",
    },
    "table.typeUnknown": "„{text}” nu este o mutare permisă aici; de ex. {example}",
    "table.undo": "Ia mutarea înapoi",
    "table.undoTitle": "Anularea mutării",
    "table.movesListShow": "Arată mutările mele ca listă",
    "table.movesListHide": "Ascunde lista mutărilor",
    "table.undoAsked": "{name} cere să-și ia înapoi ultima mutare.",
    "table.undoWaiting": "Cererea ta de a lua mutarea înapoi așteaptă răspunsul celorlalți.",
    "table.agree": "De acord",
    "table.refuse": "Refuz",
    "table.clock": "Ceas",
    "table.remaining": "{s} s rămase",
    "table.remainingLong": "{time} rămase",
    "table.bank": "rezervă {s} s",
    "table.over": "Joc terminat",
    "result.game_won": "Câștigă {name}!",
    "result.game_won_side": "Câștigă {side}: {names}!",
    "result.team": "echipa {side}",
    "result.game_won_members": "Câștigă {names}!",
    "result.game_drawn": "Remiză.",
    "result.game_shared": "Locul întâi este împărțit: {names}.",
    "table.winner": "Câștigă {name}!",
    "table.draw": "Remiză.",
    "table.abandoned": "Jocul a fost abandonat.",
    "table.zombies": "Un robot a terminat pentru: {names}",
    "table.replay": "Vezi reluarea",
    "table.lobby": "Înapoi în sala de joc",
    "table.invite": "Linkuri de invitație",
    "table.errorTitle": "Nu se poate",
    "table.dismiss": "Închide",
    "table.take": "Ia acest loc",
    "table.move": "Mutarea {n}",
    "table.notSent": "Fără conexiune: mutarea nu a fost trimisă.",

    // pacing and undo controls: the table's speed, and why undo is not possible now
    "table.speed": "Viteză",
    "table.undoEntry": "Anulează ultima înregistrare",
    "table.speed.instant": "instantaneu",
    "table.speed.fast": "rapid",
    "table.speed.normal": "normal",
    "table.speed.slow": "lent",
    "table.speedCatchUp": "Arată ultima mutare",
    "table.speedCatchingUp": "Ajungem jocul din urmă: se arată ultimele mutări.",
    "table.undoReason.spectator": "Spectatorii nu pot lua mutări înapoi.",
    "table.undoReason.not_playing": "Jocul nu se desfășoară acum.",
    "table.undoReason.over": "Jocul s-a încheiat.",
    "table.undoReason.nothing": "Încă nu e nimic de luat înapoi.",
    "table.undoReason.pending": "O cerere de a lua mutarea înapoi așteaptă deja un răspuns.",
    "table.undoReason.chance": "Nu se poate lua înapoi: între timp a decis norocul.",
    "table.undoReason.bot": "Nu se poate lua înapoi: între timp a mutat un robot.",
    "table.undoReason.other": "Nu se poate lua înapoi: doar ultima ta mutare poate fi luată înapoi, iar între timp a mutat altcineva.",
    "table.undoReason.rated": "Nu se poate lua înapoi: o partidă cu rating nu are mutări retrase.",

    "replay.title": "Reluare",
    "replay.first": "Început",
    "replay.prev": "Înapoi",
    "replay.next": "Înainte",
    "replay.last": "Sfârșit",
    "replay.position": { count: "m", one: "După {n} din {m} mutare", few: "După {n} din {m} mutări",
      other: "După {n} din {m} de mutări" },
    "replay.seatView": "Văzut de",
    "replay.action": "Ultima mutare: {action}",

    "log.chance": "Hazardul",
    "log.fallback": "{name}: {action}",


    "nav.skip": "Sari la conținut",



    // ---- the game-over summary and bots' names (gameover.js)
    "bot.name": "Robotul {n}",
    "bot.nameLevel": "Robotul {n} · {level}",
    "gameover.finalScores": "Scorul final",
    "gameover.player": "Jucător",
    "gameover.points": "Puncte",
    "gameover.place": "Loc",
    "gameover.finalPlaces": "Clasamentul final",
    "gameover.nth.one": "locul {n}",
    "gameover.nth.two": "locul {n}",
    "gameover.nth.few": "locul {n}",
    "gameover.nth.other": "locul {n}",
    "gameover.winner": "Câștigător",
    "gameover.sharedFirst": "Împarte locul întâi",
    "gameover.rematch": "Revanșă",
    "gameover.joinRematch": "Intră în revanșă",
    "gameover.toRematch": "Mergi la revanșă",
    "gameover.watchRematch": "Urmărește revanșa",
    "gameover.offer": "{names} propune o revanșă: locul tău în ea te așteaptă.",
    "gameover.rematchStarting": "Se pregătește revanșa…",
    "gameover.rematchFailed": "Revanșa nu a pornit: {reason}",
    "gameover.lobby": "Înapoi în sala de joc",
    "gameover.why.repetition": "Aceeași poziție s-a repetat: remiză prin repetare.",
    "gameover.why.move_cap": "S-a atins limita de mutări.",
    "gameover.why.throw_limit": "S-a atins limita de aruncări: decide scorul mai mare.",
    "gameover.why.target": "Scorul țintă a fost atins.",
    "lobby.rematch": "revanșă",
    // chat and sound (chat-sound: js/chat.js, js/sound.js)
    "chat.title": "Chat",
    "chat.unread": "Mesaje necitite: {n}",
    "chat.log": "Mesajele chatului",
    "chat.none": "Niciun mesaj încă.",
    "chat.placeholder": "Scrie la masă…",
    "chat.input": "Mesaj în chat",
    "chat.send": "Trimite",
    "chat.spectator": "spectator",
    "chat.said": "{name}: {text}",
    "chat.readOnly": "Spectatorii citesc chatul; jucătorii nu i-au lăsat să scrie.",
    "chat.allowSpectators": "Lasă spectatorii să scrie",
    "chat.opened": "Acum și spectatorii pot scrie în chat.",
    "chat.closed": "Acum doar jucătorii scriu în chat.",
    "chat.notSent": "Netrimis: conexiunea e întreruptă. Încearcă din nou peste puțin timp.",
    "chat.refused.rate": "Prea multe mesaje: poți scrie din nou peste {s} s.",
    "chat.refused.long": {
      one: "Prea lung: un mesaj are cel mult {n} caracter.",
      few: "Prea lung: un mesaj are cel mult {n} caractere.",
      other: "Prea lung: un mesaj are cel mult {n} de caractere.",
    },
    "chat.refused.empty": "Scrie ceva mai întâi.",
    "chat.refused.spectators": "Jucătorii nu i-au lăsat pe spectatori să scrie.",
    "chat.refused.not_seated": "Doar jucătorii decid dacă spectatorii scriu.",
    "chat.refused.muted": "Un moderator ți-a interzis să scrii: mesajele tale nu sunt trimise.",
    "sound.on": "Sunet pornit",
    "sound.off": "Sunet oprit",
    "sound.mute": "Oprește efectele sonore",
    "sound.unmute": "Pornește efectele sonore",
    // replays by steps: whole moves or every action, autoplay at a speed
    "replay.play": "Redă",
    "replay.pause": "Pauză",
    "replay.controls": "Comenzile reluării",
    "replay.speed": "Viteză",
    "replay.fine": "Fiecare acțiune",
    "replay.step": "pasul {n} din {m}",
    "replay.action.n": "acțiunea {n} din {m}",
    "replay.after": "acțiuni făcute: {n} din {m}",
    "replay.slider": "Locul în partidă",
    "replay.start": "Începutul: încă nu s-a întâmplat nimic.",
    // packaging: a game's screen that did not load (js/games/index.js)
    "games.loadFailed": "Nu s-a putut încărca ecranul jocului: {games}. Se poate juca cu butoanele obișnuite; reîncarcă pagina pentru a încerca din nou.",
  },
};

// Option labels and help for the create-table form: [label, help] per language, keyed game.option.
const OPTIONS = {
  en: {
    players: ["Players", "number of players"],
  },
  ru: {
    players: ["Игроков", "число игроков"],
  },
  ro: {
    players: ["Jucători", "numărul de jucători"],
  },
};

const KEY = "tabletop.lang";
const listeners = new Set();

// node (the unit tests) has no localStorage, navigator or document: the app's language is then English
const storage = typeof localStorage === "undefined" ? null : localStorage;

function initial() {
  const saved = storage && storage.getItem(KEY);
  if (saved && saved in LANGUAGES) return saved;
  const browser = ((typeof navigator !== "undefined" && navigator.language) || "en").slice(0, 2);
  return browser in LANGUAGES ? browser : "en";
}

let current = initial();

/** The language in use. */
export function lang() {
  return current;
}

/** Switch language, remember it, and tell every listener (the page re-renders). */
export function setLang(code) {
  if (!(code in LANGUAGES)) return;
  current = code;
  if (storage) storage.setItem(KEY, code);
  if (typeof document !== "undefined") document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

/** Call `listener(code)` whenever the language changes. */
export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The text of `key` in the current language, with {name} placeholders filled from `params`; for a
 * count's words (an object of plural forms), the form its number takes, numbers in the reader's figures. */
export function t(key, params = {}) {
  const code = key in STRINGS[current] ? current : "en";
  let text = STRINGS[code][key] ?? key;
  if (typeof text === "object") text = text[pluralCategory(Number(params[text.count || "n"]), code)] ?? text.other;
  if (typeof STRINGS.en[key] === "object") {  // a count's words (in some language without forms: "Ходов: {n}")
    params = Object.fromEntries(Object.entries(params).map(([name, value]) =>
      [name, typeof value === "number" ? formatNumber(value) : value]));
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

const pluralRules = {};

/** The plural category `count` takes in language `code` ("one", "few", "many", "other": Intl.PluralRules). */
export function pluralCategory(count, code = current) {
  pluralRules[code] ??= new Intl.PluralRules(code);
  return pluralRules[code].select(count);
}

/** A count's words whose forms lack a category their language has ("key:category"), or whose form
 * has other placeholders than English's ("key:category:placeholders"), per language (the tests check
 * there are none: Russian needs one/few/many/other, Romanian one/few/other). */
export function missingPlurals() {
  const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
  return Object.fromEntries(Object.keys(LANGUAGES).map((code) => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const counts = Object.entries(STRINGS[code]).filter(([, text]) => typeof text === "object");
    return [code, counts.flatMap(([key, forms]) => {
      const english = holes(typeof STRINGS.en[key] === "object" ? STRINGS.en[key].other : STRINGS.en[key] ?? "");
      return categories.flatMap((c) => (!(c in forms) ? [`${key}:${c}`]
        : holes(forms[c]) !== english ? [`${key}:${c}:placeholders`] : []));
    })];
  }));
}

/** How long ago something was, `seconds` before now, in words: "just now", "3 minutes ago", "2 hours
 * ago", "5 days ago" (Intl.RelativeTimeFormat: "3 минуты назад", "acum 3 minute"). */
export function timeAgo(seconds) {
  if (!(seconds >= 45)) return t("time.justNow");  // (a clock a little ahead of the server's too)
  const format = new Intl.RelativeTimeFormat(current, { numeric: "always" });
  if (seconds < 3600) return format.format(-Math.max(1, Math.floor(seconds / 60)), "minute");
  if (seconds < 86400) return format.format(-Math.floor(seconds / 3600), "hour");
  return format.format(-Math.floor(seconds / 86400), "day");
}

/** A long time in the reader's words, its two largest units: "2 days 5 hr", "3 ч 12 мин", "5 min"
 * (Intl.NumberFormat's units; a table that takes days counts its clock in them). */
export function durationText(seconds) {
  const unit = (value, name) => new Intl.NumberFormat(current, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days) return hours ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours) return minutes ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  return unit(Math.max(1, minutes), "minute");
}

/** Add a game's words ({STRINGS, OPTIONS} of its strings.js; option labels are filed under "game.option"). */
export function addStrings(game, { STRINGS: strings = {}, OPTIONS: options = {} }) {
  for (const code of Object.keys(LANGUAGES)) {
    Object.assign(STRINGS[code], strings[code] || {});
    for (const [name, text] of Object.entries(options[code] || {})) OPTIONS[code][`${game}.${name}`] = text;
  }
}

/** The keys of a game's words that are not its own: every key is `<game>.…` or `game.<game>.…` (its
 * title, blurb and what the shell asks of it), so that one game's words never overwrite another's or the
 * shell's. The games' loader refuses a game with any (js/games/index.js). */
export function strayKeys(game, { STRINGS: strings = {} }) {
  const own = (key) => key.startsWith(`${game}.`) || key.startsWith(`game.${game}.`);
  return [...new Set(Object.values(strings).flatMap((words) => Object.keys(words).filter((key) => !own(key))))];
}

/** [label, help] of a game's option in the current language (falling back to the server's help). */
export function optionText(game, option) {
  const table = OPTIONS[current];
  const found = table[`${game}.${option.name}`] ?? table[option.name] ?? OPTIONS.en[`${game}.${option.name}`];
  return found ?? [option.name.replace(/_/g, " "), option.help];
}

/** The keys English has and a language lacks, option labels as "option:<game>.<name>" (the tests
 * check the three languages cover the same words, the shell's and every loaded game's). */
export function missingKeys() {
  const keys = Object.keys(STRINGS.en);
  const options = Object.keys(OPTIONS.en);
  return Object.fromEntries(Object.keys(LANGUAGES).map((code) => [code, [
    ...keys.filter((k) => !(k in STRINGS[code])),
    ...options.filter((k) => !(k in OPTIONS[code])).map((k) => `option:${k}`)]]));
}

/** Whether a game's option has a label of its own in the current language (not the server's English). */
export function hasOptionText(game, name) {
  return `${game}.${name}` in OPTIONS[current] || name in OPTIONS[current];
}

/**
 * A number as the reader's language writes it (Intl.NumberFormat): "0.5" in English, "0,5" in Russian
 * and Romanian, "1 234" in Russian. `digits` fixes the decimals shown; `max` caps them (3 unless
 * told); `sign` writes "+" before positives and zero (the "+0,5 m" of a position); `percent` takes a fraction
 * (0.753) and writes it as one ("75,3 %"). Negatives take the minus sign (−), not a hyphen.
 */
export function formatNumber(value, { digits = null, max = 3, sign = false, percent = false } = {}) {
  const decimals = digits === null ? { maximumFractionDigits: max } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const format = new Intl.NumberFormat(current, { ...decimals, signDisplay: sign ? "always" : "auto",
    style: percent ? "percent" : "decimal" });
  return format.format(value).replace(/-/g, "\u2212");
}

if (typeof document !== "undefined") document.documentElement.lang = current;

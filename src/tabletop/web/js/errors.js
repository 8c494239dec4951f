// @ts-check
// Refusals in the reader's language: the server and the games send every error as a code with named
// params (docs/server.md, "Errors"), never as a sentence to show; this module words them. The
// shell's codes (the core's and the server's) have their words here, under "error.<code>", added to
// i18n's tables at load; a game's own codes are in its folder's strings.js, "<game>.error.<code>".
// A code without words anywhere (a newer server) falls back to the English reason that comes with it.

import { addStrings, formatNumber, optionText, t } from "./i18n.js";

export const STRINGS = {
  en: {
    // the core's codes (tabletop.core.errors.CORE_ERRORS)
    "error.invalid": "That is not valid here.",
    "error.unknown_game": "There is no game called “{game}”. Games: {games}.",
    "error.unknown_option": "The game has no option “{option}”. Its options: {options}.",
    "error.option_choice": "{option} cannot be {value}; choose one of: {choices}.",
    "error.option_below": "{option} cannot be below {minimum} (given: {value}).",
    "error.option_above": "{option} cannot be above {maximum} (given: {value}).",
    "error.option_type": "{option} does not take “{value}”.",
    "error.option_invalid": "{option} does not take “{value}”.",
    "error.bad_notation": "“{text}” is not a move in this game's notation.",
    "error.game_over": "The game is over: no more moves.",
    "error.illegal_action": "{action} is not allowed now. Allowed: {legal}.",
    "error.not_chance": "Nothing is drawn at random now.",
    "error.sampled_chance": "This outcome can only come from the simulation.",
    "error.bad_record": "This game record is damaged or does not replay.",
    // the server's codes (tabletop.server.errors.SERVER_ERRORS)
    "error.no_table": "There is no such table (it may have expired).",
    "error.unknown_bot": "There is no bot “{bot}” for this game.",
    "error.players_mismatch": "The options say {players} players, but {seats} seats are given.",
    "error.move_seconds_short": "A move clock is at least {minimum} s on this server (given: {seconds} s).",
    "error.creator_seat": "You can only sit in a seat for a person, not in a bot's.",
    "error.seed_refused": "A chosen seed is only for practice tables (bots and hot-seat players): whoever chose it would know every deal. Leave the seed empty to invite people.",
    "error.seat_reserved": "This seat is kept for the person invited to it: only their invitation link takes it.",
    "error.rematch_seats_kept": "The seats of a rematch are kept for the players of the last game.",
    "error.no_free_seat": "No seat is free at this table.",
    "error.seat_not_free": "{seat} is not free. Free: {free}.",
    "error.seat_taken": "{seat} was taken a moment ago.",
    "error.bad_token": "Your seat key is not valid at this table.",
    "error.token_required": "This needs your seat key: open the table on the device you play on.",
    "error.bad_authorization": "The seat key was sent in the wrong form.",
    "error.tokens_in_url": "Seat keys never go in a link.",
    "error.too_many_tokens": "Too many seat keys: {count}, more than the table's seats ({seats}).",
    "error.not_started": "The game has not started: seats are still free.",
    "error.not_playing": "The game is {status}.",
    "error.stale_move": "The table has moved on (move {current}, not {move}): look at the board again.",
    "error.not_your_turn": "Not your turn: {to_move} is to play.",
    "error.chance_to_move": "Not your turn: chance acts first.",
    "error.move_taken": "Someone else moved first: look at the board again.",
    "error.undo_refused": "{why}",
    "error.no_undo_request": "No undo request is waiting for your answer.",
    "error.cannot_resign": "Only a game being played can be resigned.",
    "error.cannot_abandon": "This table cannot be abandoned now.",
    "error.cannot_leave": "Nobody else plays here: abandon the game instead of leaving it.",
    "error.abandon_needs_seat": "A game being played is abandoned only by the people seated at it, all agreeing.",
    "error.end_pending": "A request to end the game already waits for an answer.",
    "error.no_end_request": "No request to end the game waits for your answer.",
    "error.already_ended": "The table is already {status}.",
    "error.rematch_too_early": "A rematch is offered once the game is over.",
    "error.rematch_not_over": "The game was {status}: only a finished game has a rematch.",
    "error.message_too_long": "The message is too long: {length} characters, at most {maximum}.",
    "error.malformed": "The server could not read the request ({problems}).",
    "error.binary_frame": "The server takes only text messages.",
    "error.no_hello": "The connection did not introduce itself within {seconds} s.",
    "error.bad_hello": "The connection did not introduce itself properly.",
    "error.spectator_cannot_act": "Spectators cannot make moves.",
    "error.seat_not_held": "You do not play {seat} here.",
    "error.bad_status": "“{status}” is not a table status.",
    "error.bad_cursor": "That page of the lobby is gone: start from the first page.",
    "error.game_in_progress": "The game is still being played: its record would show hidden cards.",
    "error.no_move": "There is no move {move}: the game has moves 0–{moves}.",
    "error.no_odds": "No exact odds are computed for this game.",
    "error.motion_hidden": "Move {move} was hidden from some players: it is not animated.",
    "error.no_motion": "Move {move} has nothing to animate.",
    "error.no_rules": "This game has no rules page in this language yet.",
    "error.motion_mismatch": "Move {move}: this server's simulation does not reproduce the record.",
    "error.record_broken": "The record does not replay to move {move}.",
    "error.no_coach": "This game has no coach.",
    "error.coach_seat": "There is no {seat} at this table.",
    "error.coach_not_held": "The coach advises only your own seat.",
    "error.coach_not_to_move": "The coach advises the seat whose turn it is.",
    "error.bad_threshold": "The blunder threshold must be a number from 0 to 1000.",
    "error.too_many_requests": "Too many requests (at most {limit} a second): try again in {retry_after} s.",
    "error.too_many_expensive": "Too many odds, replay, motion, coach or lobby requests (at most {limit} a second): try again in {retry_after} s.",
    "error.too_many_heavy": "Wait for the answers already asked for (at most {limit} at once).",
    "error.too_many_lobby_reads": "Too many lobby pages at once (at most {limit} a second): try again in {retry_after} s.",
    "error.server_busy": "The server is busy: try again in {retry_after} s.",
    "error.too_many_creations": "Too many new tables (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_unfinished": "You already have {limit} unfinished tables: resign, abandon or leave one (My tables lists them).",
    "error.bot_tables_full": "The server already runs {limit} tables of bots only: try again in {retry_after} s.",
    "error.spectators_full": "This table already has {count} spectators, the most it takes.",
    "error.too_many_sockets": "Too many connections from this device (at most {limit}).",
    "error.too_many_new_sockets": "Too many new connections (at most {limit} a minute).",
    "error.socket_cooldown": "Too many messages were sent: wait {seconds} s before connecting again.",
    "error.flooded": "Too many messages (at most {rate} a second): the connection was closed; wait {cooldown} s.",
    "error.too_many_chat": "Too many chat messages: try again in {retry_after} s.",
    "error.too_many_toggles": "Spectator chat was switched too often (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_undo_asks": "Too many undo requests (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_end_requests": "Too many requests to resign, abandon or leave (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_answers": "Too many answers to requests (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_rematches": "Too many rematch requests (at most {limit} a minute): try again in {retry_after} s.",
    "error.username_taken": "The name {username} is taken: choose another.",
    "error.username_length": "A username has {shortest} to {longest} characters.",
    "error.username_characters": "A username has letters, digits, _, - and . only, and begins with a letter or digit.",
    "error.username_scripts": "A username's letters come from one alphabet (not mixed, so no name looks like another).",
    "error.username_reserved": "This name is reserved: choose another.",
    "error.password_length": "A password has {shortest} to {longest} characters.",
    "error.password_is_username": "The password may not be the username.",
    "error.bad_credentials": "Wrong username or password.",
    "error.not_signed_in": "Sign in first.",
    "error.csrf_failed": "This page is out of date: reload it and try again.",
    "error.no_player": "No player has that name.",
    "error.no_session": "That session has ended already.",
    "error.too_many_sign_ins": "Too many sign-in attempts (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_sign_ins_for_account": "Too many sign-in attempts for this account: try again in {retry_after} s.",
    "error.too_many_sign_ups": "Too many new accounts from here (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_claims": "Too many claims of seats (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_exports": "Too many pages of your export (at most {limit} a minute): try again in {retry_after} s.",
    "error.too_many_profile_reads": "Too many profiles and game lists read (at most {limit} a minute): try again in {retry_after} s.",
    "error.busy_hashing": "The server is busy signing people in: try again in {retry_after} s.",
    "error.bad_host": "This server does not answer to the name {host}: open it by its own address.",
    "error.bad_origin": "A page from another site may not play here: open the table on this server's own page.",
    "error.too_many_connections": "Too many connections from this address (at most {limit} at once): try again in {retry_after} s.",
    "error.too_many_new_connections": "Too many new connections from this address (at most {limit} a second): try again in {retry_after} s.",
    "error.connections_full": "The server has all the connections it takes ({limit}): try again in {retry_after} s.",
    "error.request_timeout": "The request took too long to arrive (more than {seconds} s): check the connection and try again.",
    "error.headers_too_large": "The request was too large (its headers take more than {limit} bytes).",
    "error.body_too_slow": "The request arrived too slowly (under {rate} bytes a second): check the connection and try again.",
    "error.body_too_large": "The request was too large (at most {limit} bytes).",
    "error.database_unavailable": "The server's database is unavailable just now; nothing was changed. Try again in {retry_after} s.",
    "error.not_found": "Not found.",
    "error.method_not_allowed": "The server does not take this request here.",
    "error.http_error": "The server refused the request ({status}).",
  },
  ru: {
    "error.invalid": "Здесь это недопустимо.",
    "error.unknown_game": "Игры «{game}» нет. Игры: {games}.",
    "error.unknown_option": "У игры нет параметра «{option}». Её параметры: {options}.",
    "error.option_choice": "{option} не может быть {value}; выберите одно из: {choices}.",
    "error.option_below": "{option} не может быть меньше {minimum} (указано: {value}).",
    "error.option_above": "{option} не может быть больше {maximum} (указано: {value}).",
    "error.option_type": "{option} не принимает «{value}».",
    "error.option_invalid": "{option} не принимает «{value}».",
    "error.bad_notation": "«{text}» — не ход в записи этой игры.",
    "error.game_over": "Игра окончена: ходов больше нет.",
    "error.illegal_action": "{action} сейчас нельзя. Можно: {legal}.",
    "error.not_chance": "Сейчас ничего не разыгрывается случаем.",
    "error.sampled_chance": "Этот исход может дать только моделирование.",
    "error.bad_record": "Запись партии повреждена или не воспроизводится.",
    "error.no_table": "Такого стола нет (возможно, он закрыт по времени).",
    "error.unknown_bot": "Для этой игры нет бота «{bot}».",
    "error.players_mismatch": "В параметрах {players} игроков, а мест — {seats}.",
    "error.move_seconds_short": "Часы на ход на этом сервере — не меньше {minimum} с (указано: {seconds} с).",
    "error.creator_seat": "Сесть можно только на место для человека, не на место бота.",
    "error.seed_refused": "Выбранное зерно — только для тренировочных столов (боты и игроки за одним устройством): выбравший знал бы каждую раздачу. Оставьте зерно пустым, чтобы пригласить людей.",
    "error.seat_reserved": "Это место оставлено для приглашённого: занять его можно только по ссылке-приглашению.",
    "error.rematch_seats_kept": "Места в реванше сохранены за игроками прошлой партии.",
    "error.no_free_seat": "Свободных мест за этим столом нет.",
    "error.seat_not_free": "{seat} занято. Свободны: {free}.",
    "error.seat_taken": "{seat} только что заняли.",
    "error.bad_token": "Ваш ключ места не подходит к этому столу.",
    "error.token_required": "Нужен ключ вашего места: откройте стол на устройстве, с которого играете.",
    "error.bad_authorization": "Ключ места передан в неверном виде.",
    "error.tokens_in_url": "Ключи мест никогда не передаются в ссылке.",
    "error.too_many_tokens": "Слишком много ключей мест: {count}, больше, чем мест за столом ({seats}).",
    "error.not_started": "Игра не началась: ещё есть свободные места.",
    "error.not_playing": "Игра: {status}.",
    "error.stale_move": "За столом уже другой ход ({current}, а не {move}): посмотрите на доску ещё раз.",
    "error.not_your_turn": "Не ваш ход: ходит {to_move}.",
    "error.chance_to_move": "Не ваш ход: сначала действует случай.",
    "error.move_taken": "Кто-то походил раньше: посмотрите на доску ещё раз.",
    "error.undo_refused": "{why}",
    "error.no_undo_request": "Нет просьбы об отмене, ждущей вашего ответа.",
    "error.cannot_resign": "Сдаться можно только в идущей игре.",
    "error.cannot_abandon": "Этот стол сейчас нельзя прервать.",
    "error.cannot_leave": "Больше никто здесь не играет: прервите игру, а не уходите.",
    "error.abandon_needs_seat": "Идущую игру прерывают только сидящие за столом, и только все вместе.",
    "error.end_pending": "Предложение закончить игру уже ждёт ответа.",
    "error.no_end_request": "Нет предложения закончить игру, которое ждёт вашего ответа.",
    "error.already_ended": "Стол уже в состоянии: {status}.",
    "error.rematch_too_early": "Реванш предлагается, когда игра окончена.",
    "error.rematch_not_over": "Игра: {status}; реванш бывает только после законченной игры.",
    "error.message_too_long": "Сообщение слишком длинное: {length} символов, можно не больше {maximum}.",
    "error.malformed": "Сервер не смог прочитать запрос ({problems}).",
    "error.binary_frame": "Сервер принимает только текстовые сообщения.",
    "error.no_hello": "Соединение не представилось за {seconds} с.",
    "error.bad_hello": "Соединение представилось неправильно.",
    "error.spectator_cannot_act": "Зрители не могут ходить.",
    "error.seat_not_held": "Вы не играете здесь за место «{seat}».",
    "error.bad_status": "«{status}» — не состояние стола.",
    "error.bad_cursor": "Этой страницы лобби уже нет: начните с первой.",
    "error.game_in_progress": "Игра ещё идёт: её запись показала бы скрытые карты.",
    "error.no_move": "Хода {move} нет: в игре ходы 0–{moves}.",
    "error.no_odds": "Для этой игры точные шансы не вычисляются.",
    "error.motion_hidden": "Ход {move} был скрыт от части игроков: он не анимируется.",
    "error.no_motion": "В ходе {move} нечего анимировать.",
    "error.no_rules": "Для этой игры пока нет страницы правил на этом языке.",
    "error.motion_mismatch": "Ход {move}: моделирование на этом сервере не воспроизводит запись.",
    "error.record_broken": "Запись не воспроизводится до хода {move}.",
    "error.no_coach": "Для этой игры нет подсказок тренера.",
    "error.coach_seat": "{seat} — такого места за этим столом нет.",
    "error.coach_not_held": "Тренер подсказывает только вашему месту.",
    "error.coach_not_to_move": "Тренер подсказывает тому, чей сейчас ход.",
    "error.bad_threshold": "Порог ошибок — число от 0 до 1000.",
    "error.too_many_requests": "Слишком много запросов (не больше {limit} в секунду): попробуйте через {retry_after} с.",
    "error.too_many_expensive": "Слишком много запросов шансов, повторов, движений, подсказок или лобби (не больше {limit} в секунду): попробуйте через {retry_after} с.",
    "error.too_many_heavy": "Дождитесь уже запрошенных ответов (не больше {limit} одновременно).",
    "error.too_many_lobby_reads": "Слишком много страниц лобби сразу (не больше {limit} в секунду): попробуйте через {retry_after} с.",
    "error.server_busy": "Сервер занят: попробуйте через {retry_after} с.",
    "error.too_many_creations": "Слишком много новых столов (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_unfinished": "У вас уже {limit} незаконченных столов: сдайтесь, прервите или покиньте один из них (все они — в «Моих столах»).",
    "error.bot_tables_full": "На сервере уже идут {limit} столов только с ботами: попробуйте через {retry_after} с.",
    "error.spectators_full": "У этого стола уже {count} зрителей — больше не помещается.",
    "error.too_many_sockets": "Слишком много соединений с этого устройства (не больше {limit}).",
    "error.too_many_new_sockets": "Слишком много новых соединений (не больше {limit} в минуту).",
    "error.socket_cooldown": "Отправлено слишком много сообщений: подождите {seconds} с, прежде чем подключиться снова.",
    "error.flooded": "Слишком много сообщений (не больше {rate} в секунду): соединение закрыто; подождите {cooldown} с.",
    "error.too_many_chat": "Слишком много сообщений в чате: попробуйте через {retry_after} с.",
    "error.too_many_toggles": "Чат зрителей переключали слишком часто (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_undo_asks": "Слишком много просьб об отмене хода (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_end_requests": "Слишком много просьб сдаться, прервать игру или уйти (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_answers": "Слишком много ответов на просьбы (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_rematches": "Слишком много просьб о реванше (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.username_taken": "Имя {username} занято: выберите другое.",
    "error.username_length": "В имени пользователя от {shortest} до {longest} символов.",
    "error.username_characters": "В имени пользователя только буквы, цифры, _, - и ., и начинается оно с буквы или цифры.",
    "error.username_scripts": "Буквы имени — из одного алфавита (не смешанные, чтобы одно имя не выглядело как другое).",
    "error.username_reserved": "Это имя зарезервировано: выберите другое.",
    "error.password_length": "В пароле от {shortest} до {longest} символов.",
    "error.password_is_username": "Пароль не может совпадать с именем пользователя.",
    "error.bad_credentials": "Неверное имя пользователя или пароль.",
    "error.not_signed_in": "Сначала войдите.",
    "error.csrf_failed": "Страница устарела: обновите её и попробуйте снова.",
    "error.no_player": "Игрока с таким именем нет.",
    "error.no_session": "Этот сеанс уже завершён.",
    "error.too_many_sign_ins": "Слишком много попыток входа (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_sign_ins_for_account": "Слишком много попыток входа в эту учётную запись: попробуйте через {retry_after} с.",
    "error.too_many_sign_ups": "Слишком много новых учётных записей отсюда (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_claims": "Слишком много попыток перенести места в учётную запись (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_exports": "Слишком много страниц выгрузки (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.too_many_profile_reads": "Слишком много просмотров профилей и списков игр (не больше {limit} в минуту): попробуйте через {retry_after} с.",
    "error.busy_hashing": "Сервер занят входом других игроков: попробуйте через {retry_after} с.",
    "error.bad_host": "Этот сервер не отвечает на имя {host}: откройте его по его собственному адресу.",
    "error.bad_origin": "Страница другого сайта не может играть здесь: откройте стол на странице самого сервера.",
    "error.too_many_connections": "Слишком много соединений с этого адреса (не больше {limit} сразу): попробуйте через {retry_after} с.",
    "error.too_many_new_connections": "Слишком много новых соединений с этого адреса (не больше {limit} в секунду): попробуйте через {retry_after} с.",
    "error.connections_full": "У сервера уже столько соединений, сколько он принимает ({limit}): попробуйте через {retry_after} с.",
    "error.request_timeout": "Запрос шёл слишком долго (больше {seconds} с): проверьте связь и попробуйте снова.",
    "error.headers_too_large": "Запрос слишком велик (его заголовки больше {limit} байт).",
    "error.body_too_slow": "Запрос шёл слишком медленно (меньше {rate} байт в секунду): проверьте связь и попробуйте снова.",
    "error.body_too_large": "Запрос слишком велик (не больше {limit} байт).",
    "error.database_unavailable": "База данных сервера сейчас недоступна; ничего не изменилось. Попробуйте через {retry_after} с.",
    "error.not_found": "Не найдено.",
    "error.method_not_allowed": "Сервер не принимает здесь такой запрос.",
    "error.http_error": "Сервер отклонил запрос ({status}).",
  },
  ro: {
    "error.invalid": "Aici nu este valabil.",
    "error.unknown_game": "Nu există jocul „{game}”. Jocuri: {games}.",
    "error.unknown_option": "Jocul nu are opțiunea „{option}”. Opțiunile lui: {options}.",
    "error.option_choice": "{option} nu poate fi {value}; alege una dintre: {choices}.",
    "error.option_below": "{option} nu poate fi sub {minimum} (dat: {value}).",
    "error.option_above": "{option} nu poate fi peste {maximum} (dat: {value}).",
    "error.option_type": "{option} nu acceptă „{value}”.",
    "error.option_invalid": "{option} nu acceptă „{value}”.",
    "error.bad_notation": "„{text}” nu este o mutare în notația acestui joc.",
    "error.game_over": "Jocul s-a terminat: nu mai sunt mutări.",
    "error.illegal_action": "{action} nu este permis acum. Permis: {legal}.",
    "error.not_chance": "Acum nu se trage nimic la întâmplare.",
    "error.sampled_chance": "Acest rezultat poate veni doar din simulare.",
    "error.bad_record": "Înregistrarea partidei este deteriorată sau nu se poate reda.",
    "error.no_table": "Masa nu există (poate a expirat).",
    "error.unknown_bot": "Nu există botul „{bot}” pentru acest joc.",
    "error.players_mismatch": "Opțiunile spun {players} jucători, dar sunt date {seats} locuri.",
    "error.move_seconds_short": "Ceasul pe mutare este de cel puțin {minimum} s pe acest server (dat: {seconds} s).",
    "error.creator_seat": "Poți sta doar pe un loc pentru o persoană, nu pe al unui bot.",
    "error.seed_refused": "O sămânță aleasă este doar pentru mesele de antrenament (boți și jucători pe același dispozitiv): cine a ales-o ar ști fiecare împărțire. Lasă sămânța goală ca să inviți oameni.",
    "error.seat_reserved": "Acest loc este păstrat pentru cel invitat: doar linkul lui de invitație îl ocupă.",
    "error.rematch_seats_kept": "Locurile unei revanșe sunt păstrate pentru jucătorii partidei trecute.",
    "error.no_free_seat": "Niciun loc liber la această masă.",
    "error.seat_not_free": "{seat} nu este liber. Libere: {free}.",
    "error.seat_taken": "{seat} tocmai a fost ocupat.",
    "error.bad_token": "Cheia locului tău nu este valabilă la această masă.",
    "error.token_required": "E nevoie de cheia locului tău: deschide masa pe dispozitivul de pe care joci.",
    "error.bad_authorization": "Cheia locului a fost trimisă în formă greșită.",
    "error.tokens_in_url": "Cheile locurilor nu se pun niciodată într-un link.",
    "error.too_many_tokens": "Prea multe chei de loc: {count}, mai multe decât locurile mesei ({seats}).",
    "error.not_started": "Jocul nu a început: mai sunt locuri libere.",
    "error.not_playing": "Jocul este: {status}.",
    "error.stale_move": "Masa a mers mai departe (mutarea {current}, nu {move}): uită-te din nou la tablă.",
    "error.not_your_turn": "Nu e rândul tău: mută {to_move}.",
    "error.chance_to_move": "Nu e rândul tău: întâi acționează hazardul.",
    "error.move_taken": "Altcineva a mutat primul: uită-te din nou la tablă.",
    "error.undo_refused": "{why}",
    "error.no_undo_request": "Nicio cerere de anulare nu îți așteaptă răspunsul.",
    "error.cannot_resign": "Se poate ceda doar o partidă în desfășurare.",
    "error.cannot_abandon": "Masa aceasta nu poate fi abandonată acum.",
    "error.cannot_leave": "Nu mai joacă nimeni aici: abandonează partida în loc să pleci.",
    "error.abandon_needs_seat": "O partidă în desfășurare o abandonează doar cei așezați la masă, toți de acord.",
    "error.end_pending": "O propunere de a încheia partida așteaptă deja un răspuns.",
    "error.no_end_request": "Nicio propunere de a încheia partida nu-ți așteaptă răspunsul.",
    "error.already_ended": "Masa este deja: {status}.",
    "error.rematch_too_early": "Revanșa se oferă după ce jocul s-a terminat.",
    "error.rematch_not_over": "Jocul a fost: {status}; doar un joc terminat are revanșă.",
    "error.message_too_long": "Mesajul este prea lung: {length} caractere, cel mult {maximum}.",
    "error.malformed": "Serverul nu a putut citi cererea ({problems}).",
    "error.binary_frame": "Serverul primește doar mesaje text.",
    "error.no_hello": "Conexiunea nu s-a prezentat în {seconds} s.",
    "error.bad_hello": "Conexiunea nu s-a prezentat cum trebuie.",
    "error.spectator_cannot_act": "Spectatorii nu pot muta.",
    "error.seat_not_held": "Nu joci aici pe {seat}.",
    "error.bad_status": "„{status}” nu este o stare a mesei.",
    "error.bad_cursor": "Pagina aceasta a lobby-ului nu mai există: începe de la prima pagină.",
    "error.game_in_progress": "Jocul încă se joacă: înregistrarea lui ar arăta cărți ascunse.",
    "error.no_move": "Nu există mutarea {move}: jocul are mutările 0–{moves}.",
    "error.no_odds": "Pentru acest joc nu se calculează șanse exacte.",
    "error.motion_hidden": "Mutarea {move} a fost ascunsă unor jucători: nu este animată.",
    "error.no_motion": "Mutarea {move} nu are nimic de animat.",
    "error.no_rules": "Acest joc nu are încă o pagină de reguli în această limbă.",
    "error.motion_mismatch": "Mutarea {move}: simularea acestui server nu reproduce înregistrarea.",
    "error.record_broken": "Înregistrarea nu se redă până la mutarea {move}.",
    "error.no_coach": "Acest joc nu are antrenor.",
    "error.coach_seat": "{seat} nu există la această masă.",
    "error.coach_not_held": "Antrenorul sfătuiește doar locul tău.",
    "error.coach_not_to_move": "Antrenorul sfătuiește locul care este la mutare.",
    "error.bad_threshold": "Pragul greșelilor trebuie să fie un număr de la 0 la 1000.",
    "error.too_many_requests": "Prea multe cereri (cel mult {limit} pe secundă): încearcă din nou peste {retry_after} s.",
    "error.too_many_expensive": "Prea multe cereri de șanse, reluări, mișcări, sfaturi sau din lobby (cel mult {limit} pe secundă): încearcă din nou peste {retry_after} s.",
    "error.too_many_heavy": "Așteaptă întâi răspunsurile deja cerute (cel mult {limit} deodată).",
    "error.too_many_lobby_reads": "Prea multe pagini din lobby deodată (cel mult {limit} pe secundă): încearcă din nou peste {retry_after} s.",
    "error.server_busy": "Serverul este ocupat: încearcă din nou peste {retry_after} s.",
    "error.too_many_creations": "Prea multe mese noi (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_unfinished": "Ai deja {limit} mese neterminate: cedează, abandonează sau părăsește una (le găsești în „Mesele mele”).",
    "error.bot_tables_full": "Serverul are deja {limit} mese doar cu boți: încearcă din nou peste {retry_after} s.",
    "error.spectators_full": "Masa are deja {count} spectatori, cât încap.",
    "error.too_many_sockets": "Prea multe conexiuni de pe acest dispozitiv (cel mult {limit}).",
    "error.too_many_new_sockets": "Prea multe conexiuni noi (cel mult {limit} pe minut).",
    "error.socket_cooldown": "S-au trimis prea multe mesaje: așteaptă {seconds} s înainte să te conectezi din nou.",
    "error.flooded": "Prea multe mesaje (cel mult {rate} pe secundă): conexiunea a fost închisă; așteaptă {cooldown} s.",
    "error.too_many_chat": "Prea multe mesaje în chat: încearcă din nou peste {retry_after} s.",
    "error.too_many_toggles": "Chatul spectatorilor a fost comutat prea des (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_undo_asks": "Prea multe cereri de anulare (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_end_requests": "Prea multe cereri de a ceda, a abandona sau a pleca (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_answers": "Prea multe răspunsuri la cereri (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_rematches": "Prea multe cereri de revanșă (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.username_taken": "Numele {username} este luat: alege altul.",
    "error.username_length": "Un nume de utilizator are între {shortest} și {longest} caractere.",
    "error.username_characters": "Un nume de utilizator are doar litere, cifre, _, - și . și începe cu o literă sau o cifră.",
    "error.username_scripts": "Literele numelui sunt dintr-un singur alfabet (nu amestecate, ca niciun nume să nu semene cu altul).",
    "error.username_reserved": "Acest nume este rezervat: alege altul.",
    "error.password_length": "O parolă are între {shortest} și {longest} caractere.",
    "error.password_is_username": "Parola nu poate fi numele de utilizator.",
    "error.bad_credentials": "Nume de utilizator sau parolă greșită.",
    "error.not_signed_in": "Autentifică-te mai întâi.",
    "error.csrf_failed": "Pagina este veche: reîncarc-o și încearcă din nou.",
    "error.no_player": "Niciun jucător nu are acest nume.",
    "error.no_session": "Sesiunea aceasta s-a încheiat deja.",
    "error.too_many_sign_ins": "Prea multe încercări de autentificare (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_sign_ins_for_account": "Prea multe încercări de autentificare pentru acest cont: încearcă din nou peste {retry_after} s.",
    "error.too_many_sign_ups": "Prea multe conturi noi de aici (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_claims": "Prea multe cereri de a trece locuri în cont (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_exports": "Prea multe pagini de export (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.too_many_profile_reads": "Prea multe profiluri și liste de jocuri citite (cel mult {limit} pe minut): încearcă din nou peste {retry_after} s.",
    "error.busy_hashing": "Serverul este ocupat cu alte autentificări: încearcă din nou peste {retry_after} s.",
    "error.bad_host": "Acest server nu răspunde la numele {host}: deschide-l la adresa lui proprie.",
    "error.bad_origin": "O pagină de pe alt site nu poate juca aici: deschide masa pe pagina acestui server.",
    "error.too_many_connections": "Prea multe conexiuni de la această adresă (cel mult {limit} deodată): încearcă din nou peste {retry_after} s.",
    "error.too_many_new_connections": "Prea multe conexiuni noi de la această adresă (cel mult {limit} pe secundă): încearcă din nou peste {retry_after} s.",
    "error.connections_full": "Serverul are toate conexiunile pe care le primește ({limit}): încearcă din nou peste {retry_after} s.",
    "error.request_timeout": "Cererea a întârziat prea mult (peste {seconds} s): verifică conexiunea și încearcă din nou.",
    "error.headers_too_large": "Cererea este prea mare (antetele ei au peste {limit} octeți).",
    "error.body_too_slow": "Cererea a venit prea încet (sub {rate} octeți pe secundă): verifică conexiunea și încearcă din nou.",
    "error.body_too_large": "Cererea este prea mare (cel mult {limit} octeți).",
    "error.database_unavailable": "Baza de date a serverului nu este disponibilă acum; nu s-a schimbat nimic. Încearcă din nou peste {retry_after} s.",
    "error.not_found": "Nu a fost găsit.",
    "error.method_not_allowed": "Serverul nu primește aici această cerere.",
    "error.http_error": "Serverul a refuzat cererea ({status}).",
  },
};

addStrings("errors", { STRINGS });

const SEATS = new Set(["seat", "to_move"]);  // params that are a seat (0-based): said as its name
const SEAT_LISTS = new Set(["free"]);  // lists of seats
const ACTIONS = new Set(["action"]);  // a move in notation: said in words where the game has them
const ACTION_LISTS = new Set(["legal"]);

/** True when `key` has words in some language (t gives the key back otherwise). */
function known(key) {
  return t(key) !== key;
}

/**
 * An error from the server ({code, params, reason} of a WebSocket "error" message, or {detail, code,
 * params} of an HTTP body) in the reader's language. `game` finds the game's own codes; `seatName(seat)`
 * names seats (default "Seat 2"); `actionText(notation)` says a move in words (a game folder's).
 * A code nobody has words for: the English reason (or detail) that came with it.
 */
export function errorText(error, { game = null, seatName = null, actionText = null } = {}) {
  const data = error || {};
  const code = data.code;
  const key = code ? [game && `${game}.error.${code}`, `error.${code}`].find((k) => k && known(k)) : null;
  if (!key) return englishOf(data);
  const params = data.params || {};
  const seat = (n) => (seatName ? seatName(n) : t("common.seat", { n: n + 1 }));
  const move = (text) => (actionText && actionText(String(text))) || String(text);
  const words = {};
  for (const [name, value] of Object.entries(params)) {
    if (SEATS.has(name) && typeof value === "number") words[name] = seat(value);
    else if (SEAT_LISTS.has(name) && Array.isArray(value)) words[name] = value.map(seat).join(", ");
    else if (ACTIONS.has(name)) words[name] = move(value);
    else if (ACTION_LISTS.has(name) && Array.isArray(value)) {
      words[name] = value.map(move).join(", ") + (params.count > value.length ? ` … (${formatNumber(params.count)})` : "");
    } else words[name] = valueWords(name, value, game);
  }
  return t(key, words);
}

/** A param in words: a game's or the shell's word for it ("status.over", "<game>.colour.red", an
 * undo refusal's reason, a game's title, an option's label), a number in the reader's figures, a list joined. */
function valueWords(name, value, game) {
  if (Array.isArray(value)) return value.map((item) => valueWords(name, item, game)).join(", ");
  if (value && typeof value === "object") return Array.isArray(value.loc) ? value.loc.join(".") : JSON.stringify(value);
  if (typeof value === "number") return formatNumber(value);
  if (value === null || value === undefined) return "—";
  const text = String(value);
  if (name === "why" && known(`table.undoReason.${text}`)) return t(`table.undoReason.${text}`);
  if ((name === "game" || name === "games") && known(`game.${text}.title`)) return t(`game.${text}.title`);
  if ((name === "option" || name === "options") && game) return optionText(game, { name: text, help: "" })[0] || text;
  for (const key of [game && `${game}.${name}.${text}`, `${name}.${text}`]) if (key && known(key)) return t(key);
  return text;
}

/** The English that came with an error (its reason or detail), for a code without words. */
function englishOf(data) {
  if (typeof data.reason === "string") return data.reason;
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) return data.detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
  return data.message || "";
}

/** An error the HTTP API answered: its status, code, params and English detail, with `message` already
 * in the reader's language (shell codes; a caller that knows the game words it again with errorText). */
export class ServerError extends Error {
  constructor(status, body, statusText = "") {
    const data = body && typeof body === "object" ? body : {};
    super(errorText(data) || `${status} ${statusText}`.trim());
    this.name = "ServerError";
    this.status = status;
    this.code = data.code || null;
    this.params = data.params || {};
    this.detail = data.detail;
  }
}

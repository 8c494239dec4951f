// Each game's own screen: SCREENS[game](element, ctx) returns {update(message), destroy()}.
// ctx: act(action), isMine(seat), seatName(seat), options() (the table's), tableId, replay (true in a replay).

import { beetleScreen } from "./beetle.js";
import { cribbageScreen } from "./cribbage.js";
import { cubulusScreen } from "./cubulus.js";
import { kubikScreen } from "./kubik.js";

export const SCREENS = {
  beetle: beetleScreen,
  cribbage: cribbageScreen,
  cubulus: cubulusScreen,
  kubik: kubikScreen,
};

/* What the Owlbear Rodeo extension's pages share in a room. */

/** The room's metadata key of the expedition's players' link. */
export const METADATA = "cz.rpg-companion/expedition";
/** The broadcast channel of the cards a player sends to the room. */
export const CHANNEL = "cz.rpg-companion/card";

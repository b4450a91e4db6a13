/* What the Owlbear Rodeo extension's pages share in a room. */

/** The room's metadata key of the expedition's players' link. */
export const METADATA = "cz.rpg-companion/expedition";
/** The broadcast channel of the cards a player sends to the room. */
export const CHANNEL = "cz.rpg-companion/card";

/** A card as the room's broadcast carries it: a procedure's result and who sent it.
 * @typedef {{title: string, text: string, rule: string, url: string, from?: string}} Card */

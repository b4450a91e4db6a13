/* The Owlbear Rodeo extension's background page: a roll sent to the room is announced to
 * everyone, their popover open or not (an Owlbear Rodeo notification). */
import OBR from "@owlbear-rodeo/sdk";
import { CHANNEL } from "./owlbear-channel.js";

/** @typedef {import("./owlbear-channel.js").Card} Card */

OBR.onReady(() => {
  OBR.broadcast.onMessage(CHANNEL, ({ data }) => {
    const sent = /** @type {Card} */ (data);
    OBR.notification.show(`${sent.from}: ${sent.title} · ${sent.text}`);
  });
});

/* The Owlbear Rodeo extension's background page: a roll sent to the room is announced to
 * everyone, their popover open or not (an Owlbear Rodeo notification). */
import OBR from "@owlbear-rodeo/sdk";
import { CHANNEL } from "./owlbear-channel.js";

OBR.onReady(() => {
  OBR.broadcast.onMessage(CHANNEL, ({ data }) => {
    OBR.notification.show(`${data.from}: ${data.title} · ${data.text}`);
  });
});

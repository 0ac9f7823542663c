import { RoomPage } from "./RoomPage";

/** The airing channel's screen: a live audio room. */
export default function AudioRoomPage() {
  return <RoomPage kind="airing" />;
}

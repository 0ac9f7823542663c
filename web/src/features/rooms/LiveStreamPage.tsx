import { RoomPage } from "./RoomPage";

/** The live channel's screen: a live video stream. */
export default function LiveStreamPage() {
  return <RoomPage kind="live" />;
}

import type { ReactNode } from "react";
import { CHANNEL_TYPES, type ChannelType } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { cx } from "../../ui/cx";
import styles from "./CreateChannelPage.module.css";

const TYPE_INFO: Record<ChannelType, { label: string; description: string; icon: ReactNode }> = {
  text: {
    label: "Text",
    description: "Messages, announcements, images and files.",
    icon: <path d="M5 9h14M5 15h14M10 4 8 20M16 4l-2 16" />,
  },
  airing: {
    label: "Airing",
    description: "A live audio room to talk and listen together.",
    icon: (
      <>
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      </>
    ),
  },
  live: {
    label: "Live",
    description: "Live video with camera and screen sharing.",
    icon: (
      <>
        <rect x="3" y="6" width="13" height="12" rx="2" />
        <path d="m16 10 5-3v10l-5-3" />
      </>
    ),
  },
  election: {
    label: "Election",
    description: "A vote with a voting period, positions and candidates.",
    icon: (
      <>
        <path d="M4 12h16v8H4z" />
        <path d="m8 9 3 3 5-7" />
      </>
    ),
  },
};

/** The Create Channel screen's type choice; an election channel is for administrators only. */
export function ChannelTypePicker({
  type,
  mayManage,
  onChange,
}: {
  type: ChannelType;
  mayManage: boolean;
  onChange(type: ChannelType): void;
}) {
  return (
    <fieldset className={styles.types}>
      <legend>Channel Type</legend>
      <div className={styles.typeGrid}>
        {CHANNEL_TYPES.map((option) => {
          const info = TYPE_INFO[option];
          const locked = option === "election" && !mayManage;
          return (
            <label
              key={option}
              className={cx(styles.type, type === option && styles.typeSelected, locked && styles.typeLocked)}
            >
              <input
                type="radio"
                name="type"
                value={option}
                checked={type === option}
                disabled={locked}
                onChange={() => onChange(option)}
              />
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {info.icon}
              </svg>
              <span className={styles.typeName}>{info.label}</span>
              <span className={styles.typeDesc}>
                {locked ? messages.electionChannelAdminOnly : info.description}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

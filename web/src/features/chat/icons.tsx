import { Icon, type IconProps } from "../../ui/icons";

export { ChevronLeftIcon as BackIcon, CloseIcon, SendIcon } from "../../ui/icons";

export const ChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M8.5 10.5h7M8.5 13.5h4.5" />
  </Icon>
);

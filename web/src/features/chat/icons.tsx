import { Icon, type IconProps } from "../../ui/icons";

export { ChevronLeftIcon as BackIcon } from "../../ui/icons";

export const ChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M8.5 10.5h7M8.5 13.5h4.5" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m22 2-11 11" />
    <path d="M22 2 15 22l-4-9-9-4 20-7Z" />
  </Icon>
);

import { Icon, type IconProps } from "../../ui/icons";

// The search box's icon on its own: the sidebar shows it on every workspace page, without the text
// channel's other icons.
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <line x1="21" y1="21" x2="16.65" y2="16.65" />
  </Icon>
);

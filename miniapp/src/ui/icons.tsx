/**
 * The screens' icons: the shared line-icon set from assets, under the names the screens use, plus a
 * few drawn here (same 24-unit grid, stroke = currentColor) that the set does not have.
 */
import type { ReactNode, SVGProps } from 'react';
export {
  BackIcon as ChevronLeft,
  ChatIcon,
  CheckIcon,
  ChevronRightIcon as ChevronRight,
  CloseIcon,
  CopyIcon,
  DepositIcon as ArrowDownIcon,
  ExitIcon,
  EyeIcon,
  GlobeIcon,
  HistoryIcon,
  InfoIcon,
  InviteIcon,
  LockIcon,
  MoreIcon as DotsIcon,
  PlusIcon,
  QrIcon,
  SearchIcon,
  SettingsIcon,
  ShareIcon,
  SlidersIcon,
  SoundOnIcon as SoundIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
  WifiOffIcon,
  WithdrawIcon as ArrowUpIcon,
} from '../assets/icons';

type P = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: P & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const NewsIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 10v4h3l6 4V6L7 10H4zM16.5 9a4 4 0 010 6M19 6.5a7.5 7.5 0 010 11" />
  </Icon>
);
export const DocIcon = (p: P) => (
  <Icon {...p}>
    <path d="M7 3.5h7l4 4V20a.5.5 0 01-.5.5h-10A.5.5 0 017 20V3.5zM14 3.5V8h4M9.5 12h6M9.5 15.5h6" />
  </Icon>
);
export const BookIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 6.5C10 5 7.5 4.5 4 4.5v13c3.5 0 6 .5 8 2 2-1.5 4.5-2 8-2v-13c-3.5 0-6 .5-8 2zM12 6.5v13" />
  </Icon>
);
export const SupportIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4.5 14v-2a7.5 7.5 0 0115 0v2" />
    <rect x="3.5" y="13" width="4" height="6" rx="1.5" />
    <rect x="16.5" y="13" width="4" height="6" rx="1.5" />
    <path d="M18.5 19c0 1.2-1.8 2-4.5 2" />
  </Icon>
);
export const IdIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.4 1.6-2.2 3-2.2s2.5.8 3 2.2M14.5 10h3.5M14.5 13.5h3.5" />
  </Icon>
);
export const WarnIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 4l9 16H3l9-16zM12 10v4.5M12 17.2v.2" />
  </Icon>
);
export const KeyIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
  </Icon>
);
export const SeatIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 20c.8-4 3.5-6 7-6s6.2 2 7 6" />
  </Icon>
);
export const EditIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16v4zM13.5 6.5l4 4" />
  </Icon>
);

import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { avatarPlaceholderTree, iconTree, type IconName } from './shapes.js';

export type IconProps = {
  name: IconName;
  /** Square size in CSS pixels. Default 24. */
  size?: number;
  /** Line width in grid units (the grid is 24). Default 1.8. */
  strokeWidth?: number;
  className?: string;
  style?: CSSProperties;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
};

/** A line icon in the current text colour (set `color` or a text-* class on it or a parent). */
export function Icon({
  name,
  size = 24,
  strokeWidth = 1.8,
  className,
  style,
  title,
}: IconProps): ReactElement {
  const tree = useMemo(() => iconTree(name, strokeWidth), [name, strokeWidth]);
  return svgToReact(tree, {
    width: size,
    height: size,
    className,
    style,
    role: title ? 'img' : undefined,
    'aria-label': title,
    'aria-hidden': title ? undefined : true,
  });
}

export type NamedIconProps = Omit<IconProps, 'name'>;

function named(name: IconName, displayName: string): (props: NamedIconProps) => ReactElement {
  const Component = (props: NamedIconProps): ReactElement => <Icon name={name} {...props} />;
  Component.displayName = displayName;
  return Component;
}

export const PlusIcon = named('plus', 'PlusIcon');
export const TrophyIcon = named('trophy', 'TrophyIcon');
export const MoreIcon = named('more', 'MoreIcon');
export const DepositIcon = named('deposit', 'DepositIcon');
export const WithdrawIcon = named('withdraw', 'WithdrawIcon');
export const ChatIcon = named('chat', 'ChatIcon');
export const SettingsIcon = named('settings', 'SettingsIcon');
export const SoundOnIcon = named('soundOn', 'SoundOnIcon');
export const SoundOffIcon = named('soundOff', 'SoundOffIcon');
export const ExitIcon = named('exit', 'ExitIcon');
export const CopyIcon = named('copy', 'CopyIcon');
export const ShareIcon = named('share', 'ShareIcon');
export const QrIcon = named('qr', 'QrIcon');
export const BackIcon = named('back', 'BackIcon');
export const ChevronRightIcon = named('chevronRight', 'ChevronRightIcon');
export const InviteIcon = named('invite', 'InviteIcon');
export const CheckIcon = named('check', 'CheckIcon');
export const CloseIcon = named('close', 'CloseIcon');
export const GlobeIcon = named('globe', 'GlobeIcon');
export const HistoryIcon = named('history', 'HistoryIcon');
export const UsersIcon = named('users', 'UsersIcon');
export const InfoIcon = named('info', 'InfoIcon');
export const SearchIcon = named('search', 'SearchIcon');
export const LockIcon = named('lock', 'LockIcon');
export const EyeIcon = named('eye', 'EyeIcon');
export const RefreshIcon = named('refresh', 'RefreshIcon');
export const WifiOffIcon = named('wifiOff', 'WifiOffIcon');
export const WalletIcon = named('wallet', 'WalletIcon');
export const SendIcon = named('send', 'SendIcon');
export const SlidersIcon = named('sliders', 'SlidersIcon');

export type AvatarPlaceholderProps = {
  /** Diameter in CSS pixels. Default 40. */
  size?: number;
  background?: string;
  figure?: string;
  className?: string;
  style?: CSSProperties;
};

/** The round stand-in picture for players without an avatar. */
export function AvatarPlaceholder({
  size = 40,
  background,
  figure,
  className,
  style,
}: AvatarPlaceholderProps): ReactElement {
  const uid = useId();
  const tree = useMemo(
    () => avatarPlaceholderTree(background, figure, `svav${uid}`),
    [background, figure, uid],
  );
  return svgToReact(tree, { width: size, height: size, className, style, 'aria-hidden': true });
}

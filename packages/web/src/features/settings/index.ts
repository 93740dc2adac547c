/**
 * Account settings: the account pages, and the pieces the organization pages reuse (profile, login history, name
 * and logo fields).
 */

export { AccountSettings } from './AccountSettings.tsx';
export { LoginEvents } from './LoginEvents.tsx';
export { LoginHistory } from './LoginHistory.tsx';
export { LogoPicker } from './LogoUpload.tsx';
export { NameField } from './NameField.tsx';
export { UserProfile } from './UserProfile.tsx';

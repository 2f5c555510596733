/**
 * The public entry of notifications: the push card (also shown after a post is sent), the
 * per-device push switch (settings) and forgetting push at logout (decision 034).
 */
export { forgetPushOnThisDevice } from './push/push-device.ts';
export { PushDeviceSwitch } from './push/push-device-switch.tsx';
export { PushPromptCard } from './push/push-prompt-card.tsx';

/** The public entry of notifications: the per-device push switch (settings) and forgetting push at logout. */
export { forgetPushOnThisDevice } from './push/push-device.ts';
export { PushDeviceSwitch } from './push/push-device-switch.tsx';

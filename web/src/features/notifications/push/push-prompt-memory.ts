/** "Not now" on the push card, remembered on this device (decision 034). */
const KEY = 'campus.pushPrompt.notNow';

export function isPushPromptDismissed(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function dismissPushPrompt(): void {
  try {
    localStorage.setItem(KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the card shows again next time, nothing worse.
  }
}

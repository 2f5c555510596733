/**
 * spec 1 §4 message user search: "up/down move the selection and wrap".
 * -1 is "nothing selected"; the first press of down takes the first person,
 * of up the last.
 */
export function moveSelection(index: number, count: number, direction: 'up' | 'down'): number {
  if (count === 0) return -1;
  if (direction === 'down') return (index + 1) % count;
  return index <= 0 ? count - 1 : index - 1;
}

/** Dates as the index holds them: a day is the number yyyymmdd, so days compare as numbers. */

/** "2025-03-01" → 20250301: days compare as integers. */
export const dayNumber = (date: string) =>
  Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

/** 20250301 → "2025-03-01". */
export const dayText = (day: number) =>
  `${String(Math.floor(day / 10000)).padStart(4, "0")}-${String(Math.floor(day / 100) % 100).padStart(2, "0")}-${String(day % 100).padStart(2, "0")}`;

/** Today in UTC (YYYY-MM-DD): the day a record's next or last EU event is told from. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

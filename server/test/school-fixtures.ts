/**
 * An A/B block schedule (issue 36): A days meet periods 1-4, B days 5-8, both at the morning's
 * times; a 2-hour delay alternate moves both; MLK Day off.
 */
export const AB_SCHEDULE = {
  bellTimes: [
    { period: 1, start: "07:45", end: "09:15" },
    { period: 2, start: "09:25", end: "10:55" },
    { period: 3, start: "11:35", end: "13:05" },
    { period: 4, start: "13:15", end: "14:45" },
  ],
  bellTimesByDay: {
    B: [
      { period: 5, start: "07:45", end: "09:15" },
      { period: 6, start: "09:25", end: "10:55" },
      { period: 7, start: "11:35", end: "13:05" },
      { period: 8, start: "13:15", end: "14:45" },
    ],
  },
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  rotation: { days: ["A", "B"], anchorDate: "2027-01-04", anchorDay: "A", periodsByDay: { A: [1, 2, 3, 4], B: [5, 6, 7, 8] } },
  daysOff: [{ from: "2027-01-18", to: "2027-01-18", label: "MLK Day" }],
  alternates: [
    {
      id: "delay",
      name: "2-Hour Delay",
      bellTimes: [
        { period: 1, start: "09:45", end: "10:50" },
        { period: 2, start: "11:00", end: "12:05" },
        { period: 3, start: "12:45", end: "13:50" },
        { period: 4, start: "14:00", end: "14:45" },
      ],
      bellTimesByDay: {
        B: [
          { period: 5, start: "09:45", end: "10:50" },
          { period: 6, start: "11:00", end: "12:05" },
          { period: 7, start: "12:45", end: "13:50" },
          { period: 8, start: "14:00", end: "14:45" },
        ],
      },
    },
  ],
};

export const floorActivities = {
  async doNothing(): Promise<void> {},
};

export type FloorActivities = typeof floorActivities;

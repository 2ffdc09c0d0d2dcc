export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface SettingsTables {
  app_settings: AppSettingsTable;
}

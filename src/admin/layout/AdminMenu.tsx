// The back-office menu, grouped as the rental desk works: bookings, fleet, content, system.
import AutoAwesomeMotionIcon from "@mui/icons-material/AutoAwesomeMotion";
import BarChartIcon from "@mui/icons-material/BarChart";
import DateRangeIcon from "@mui/icons-material/DateRange";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import SettingsIcon from "@mui/icons-material/Settings";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import { Divider, ListSubheader } from "@mui/material";
import type { ReactNode } from "react";
import { Menu, useBasename, useCanAccess, useSidebarState } from "react-admin";

function Group({ title, children }: { title: string; children: ReactNode }) {
  const [open] = useSidebarState();
  return (
    <>
      {open ? (
        <ListSubheader
          component="div"
          disableSticky
          sx={{ lineHeight: "32px", mt: 1, bgcolor: "transparent", color: "text.secondary", fontWeight: 600 }}
        >
          {title}
        </ListSubheader>
      ) : (
        <Divider sx={{ my: 1 }} />
      )}
      {children}
    </>
  );
}

function SettingsItem() {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: "settings", action: "edit" });
  if (!canAccess) return null;
  return <Menu.Item to={`${basename}/settings`} primaryText="Nustatymai" leftIcon={<SettingsIcon />} />;
}

export function AdminMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Suvestinė" />
      <Group title="Nuoma">
        <Menu.ResourceItem name="reservations" />
        <Menu.Item
          to={`${basename}/check-availability`}
          primaryText="Patikrinti užimtumą"
          leftIcon={<DateRangeIcon />}
        />
        <Menu.ResourceItem name="requests" />
        <Menu.ResourceItem name="customers" />
        <Menu.Item to={`${basename}/invoices`} primaryText="Sąskaitos" leftIcon={<ReceiptLongIcon />} />
        <Menu.Item to={`${basename}/reports`} primaryText="Ataskaitos" leftIcon={<BarChartIcon />} />
      </Group>
      <Group title="Automobiliai">
        <Menu.ResourceItem name="cars" />
        <Menu.Item to={`${basename}/sorting`} primaryText="Rikiavimas" leftIcon={<AutoAwesomeMotionIcon />} />
        <Menu.ResourceItem name="prices" />
        <Menu.Item to={`${basename}/price-update`} primaryText="Kainų atnaujinimas" leftIcon={<TrendingUpIcon />} />
        <Menu.ResourceItem name="fleet" />
        <Menu.ResourceItem name="damages" />
        <Menu.ResourceItem name="extras" />
        <Menu.ResourceItem name="locations" />
      </Group>
      <Group title="Svetainės turinys">
        <Menu.ResourceItem name="offers" />
        <Menu.ResourceItem name="news" />
      </Group>
      <Group title="Sistema">
        <Menu.ResourceItem name="mail" />
        <Menu.ResourceItem name="staff" />
        <SettingsItem />
        <Menu.ResourceItem name="client-errors" />
        <Menu.ResourceItem name="audit-log" />
      </Group>
    </Menu>
  );
}

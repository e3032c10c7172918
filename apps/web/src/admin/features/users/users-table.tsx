import { formatKampalaDate, type SessionUser } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { USER_MESSAGES } from './user-messages.ts';

export interface UsersTableProps {
  readonly users: readonly SessionUser[];
  readonly isLoading: boolean;
  readonly togglingId: number | null;
  readonly onToggle: (user: SessionUser) => void;
  readonly onDelete: (user: SessionUser) => void;
  readonly toolbar?: React.ReactNode;
}

export function UsersTable({ users, isLoading, togglingId, onToggle, onDelete, toolbar }: UsersTableProps) {
  const columns: Column<SessionUser>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (u) => <span className="font-medium">{u.name}</span>,
      csv: (u) => u.name,
    },
    { id: 'email', header: 'Email', cell: (u) => u.email, csv: (u) => u.email },
    {
      id: 'phone',
      header: 'Phone Number',
      cell: (u) => <span className="whitespace-nowrap">{u.phone_number ?? '—'}</span>,
      csv: (u) => u.phone_number,
    },
    {
      id: 'registered',
      header: 'Registration Date',
      cell: (u) => <span className="whitespace-nowrap">{formatKampalaDate(u.registration_date)}</span>,
      csv: (u) => u.registration_date.slice(0, 10),
    },
    {
      id: 'status',
      header: 'Status',
      // A label, not a control: changing the status is an action with its own button and a confirmation.
      cell: (u) => <StatusBadge label={u.status} tone={u.status === 'Active' ? 'green' : 'red'} />,
      csv: (u) => u.status,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (u) => (
        <div className="flex items-center gap-1">
          <Link to={paths.user(u.id)} className={buttonClassName('ghost', 'sm')}>
            View<span className="sr-only"> {u.name}</span>
          </Link>
          <Button
            variant={u.status === 'Active' ? 'dangerOutline' : 'secondary'}
            size="sm"
            disabled={togglingId === u.id}
            onClick={() => onToggle(u)}
          >
            {u.status === 'Active' ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {u.name}</span>
          </Button>
          <Button variant="dangerOutline" size="sm" onClick={() => onDelete(u)}>
            Delete<span className="sr-only"> {u.name}</span>
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Users"
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      isLoading={isLoading}
      emptyText={USER_MESSAGES.empty}
      exportName="users"
      toolbar={toolbar}
    />
  );
}

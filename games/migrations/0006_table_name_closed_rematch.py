from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


def name_existing_tables(apps, schema_editor):
    """Tables made before names had one: the default name, "Ana's Spite table"."""
    from games.engines import get_engine

    Table = apps.get_model("games", "Table")
    for table in Table.objects.select_related("host").iterator():
        try:
            title = get_engine(table.game).title
        except ValueError:
            title = table.game
        host = table.host.display_name or table.host.username
        table.name = f"{host}'s {title} table"[:60]
        table.save(update_fields=["name"])


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('games', '0005_table_game_from_the_registry'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='name',
            field=models.CharField(default='', max_length=60),
            preserve_default=False,
        ),
        migrations.RunPython(name_existing_tables, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='table',
            name='status',
            field=models.CharField(choices=[('open', 'waiting for players'), ('running', 'in play'), ('finished', 'finished'), ('closed', 'closed before it started')], default='open', max_length=16),
        ),
        migrations.AddField(
            model_name='table',
            name='rematch_of',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rematches', to='games.table'),
        ),
        migrations.AddField(
            model_name='table',
            name='awaiting',
            field=models.ManyToManyField(blank=True, related_name='rematch_offers', to=settings.AUTH_USER_MODEL),
        ),
    ]
